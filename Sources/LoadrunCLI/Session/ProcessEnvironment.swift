#if canImport(Glibc)
import Glibc
#endif

/// The process environment, read once through libc (no Foundation needed).
package enum ProcessEnvironment {
    package static var variables: [String: String] {
        var result: [String: String] = [:]
        var entry = environ
        while let pointer = entry.pointee {
            let pair = String(cString: pointer)
            if let equals = pair.firstIndex(of: "=") {
                result[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
            }
            entry += 1
        }
        return result
    }
}
