internal import Loader

extension ResponseInfo {
    /// The `charset` parameter of the Content-Type, lowercased, when it names one.
    var charset: String? {
        guard let contentType = headers["Content-Type"] else { return nil }
        for parameter in contentType.split(separator: ";").dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingCharacters(in: " ").lowercased() == "charset" else { continue }
            return pair[1].trimmingCharacters(in: " \"").lowercased()
        }
        return nil
    }
}
