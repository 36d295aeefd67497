import Loader
import Screen

extension LoadSession {
    /// The most versions of earlier runs a source's view takes: what its history holds.
    static let earlierVersionsShown = 50

    /// The bytes of earlier versions a source's view takes: what its history holds.
    static let earlierVersionsBytes = 16 << 20

    /// Source `index`'s versions from earlier runs, oldest first, decoded again, each timed
    /// with its date, newest first until the view's history is full: none without a history,
    /// or for a source it does not record. A version is what the server sent, whatever
    /// program an earlier run showed it through: each is decoded as this run decodes its
    /// content, with its jq program or by the plugin of what it shows now.
    func earlierVersions(of index: Int) -> [(version: AnyContent, bytes: Int, time: WallTime)] {
        guard let recorder, requests[index].historyKeep != nil else { return [] }
        let url = HistoryRecorder.identity(of: requests[index]).url
        let store = recorder.store
        guard let source = store.sources()?.first(where: { $0.url == url }),
              let versions = store.versions(of: source.id) else { return [] }
        let first = recorder.firstBodies[index]
        var taken: [(version: AnyContent, bytes: Int, time: WallTime)] = []
        var bytes = 0
        for version in versions where version.seenAt < recorder.runStart && version.fingerprint != first {
            guard taken.count < Self.earlierVersionsShown, bytes + version.size <= Self.earlierVersionsBytes else { break }
            guard var stored = store.version(version.number, of: source.id) else { continue }
            if stored.program != requests[index].jqProgram, let shown = sources[index].loader.state.content?.pluginName {
                (stored.program, stored.plugin) = (requests[index].jqProgram, shown)
            }
            guard case .success(let decoded) = StoredVersionDecoding.decode(stored, plugins: plugins),
                  (try? plugins.plugin(named: decoded.content.pluginName)) != nil else { continue }
            let seconds = version.seenAt / 1000
            taken.append((decoded.content, version.size, WallTime(seconds: seconds, timeOfDay: ClockTime.dateAndTime(seconds))))
            bytes += version.size
        }
        return taken.reversed()
    }
}
