import Loader
import Screen

extension LoadSession {
    /// The most versions of earlier runs a source's view takes: what its history holds.
    static let earlierVersionsShown = 50

    /// Source `index`'s versions from earlier runs, oldest first, decoded again, each timed
    /// with its date: none without a history, or for a source it does not record.
    func earlierVersions(of index: Int) -> [(version: AnyContent, bytes: Int, time: WallTime)] {
        guard let recorder, requests[index].historyKeep != nil else { return [] }
        let (name, url) = HistoryRecorder.identity(of: requests[index])
        let store = recorder.store
        guard let source = store.sources()?.first(where: { $0.name == name && $0.url == url }),
              let versions = store.versions(of: source.id) else { return [] }
        let first = recorder.firstFingerprints[index]
        let earlier = versions.filter { $0.seenAt < recorder.runStart && $0.fingerprint != first }.prefix(Self.earlierVersionsShown)
        return earlier.reversed().compactMap { version in
            guard let stored = store.version(version.number, of: source.id),
                  case .success(let decoded) = StoredVersionDecoding.decode(stored, plugins: plugins) else { return nil }
            let seconds = version.seenAt / 1000
            return (decoded.content, version.size, WallTime(seconds: seconds, timeOfDay: ClockTime.dateAndTime(seconds)))
        }
    }
}
