#if canImport(Glibc)
import Glibc
#endif

/// Blanks the password of `-u USER:PASSWORD` in the process's own argv once the arguments have
/// been copied out, as curl does: otherwise any user could read it in /proc/PID/cmdline for as
/// long as the run lasts (hours, under --watch).
enum PasswordBlanking {
    /// Overwrites what follows the first colon of each `-u`/`--user` value with `*`, in place.
    static func blankArgv() {
        let argc = Int(CommandLine.argc)
        var index = 1
        while index < argc {
            guard let word = CommandLine.unsafeArgv[index] else { break }
            let text = String(cString: word)
            if text == "--" { return }
            if text == "-u" || text == "--user" {
                if index + 1 < argc, let value = CommandLine.unsafeArgv[index + 1] { blankAfterColon(value, from: 0) }
                index += 2
                continue
            }
            if text.hasPrefix("--user=") {
                blankAfterColon(word, from: "--user=".utf8.count)
            } else if let last = ShortOptionClusters.pieces(of: text)?.last, last.letter == "u" {
                // `-ualice:PW`, `-qualice:PW`; or `-qu alice:PW`, its value the next word.
                if let offset = last.valueOffset {
                    blankAfterColon(word, from: offset)
                } else if index + 1 < argc, let value = CommandLine.unsafeArgv[index + 1] {
                    blankAfterColon(value, from: 0)
                    index += 1
                }
            }
            index += 1
        }
    }

    private static func blankAfterColon(_ word: UnsafeMutablePointer<CChar>, from start: Int) {
        let length = strlen(word)
        var position = start
        while position < length, word[position] != CChar(UInt8(ascii: ":")) { position += 1 }
        position += 1
        while position < length {
            word[position] = CChar(UInt8(ascii: "*"))
            position += 1
        }
    }
}
