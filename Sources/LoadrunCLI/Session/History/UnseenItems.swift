import Loader
import Store
import Plan
import Plugins

/// `--unseen`: which items of a source's list no earlier run showed, by item key: those that
/// none of the source's versions in the history held. The first run of a source shows all.
/// `--unread`: which items were never opened in the full-screen view (the history's read
/// marks); an item with no id has no mark, and shows.
final class UnseenItems {
    /// Which items count as new.
    enum Rule: Equatable {
        /// Those no earlier run showed (`--unseen`).
        case unseen
        /// Those never opened (`--unread`).
        case unread
    }

    /// What to show of a content.
    enum Choice: Equatable {
        /// All of it: the first run of the source.
        case all
        /// All of it: it is no list (or one too long to keep the items of).
        case notAList
        /// Only the items at these places of the list (`keys`: which of the list's ids, `id:…`,
        /// are kept); none when every item was shown by an earlier run, the last of which
        /// loaded it at `since` (milliseconds since the epoch).
        case only([Int], keys: ItemKeys, since: Int?)
    }

    /// The ids (`id:…`) of a list's items, and of those kept: an item of a JSON document is
    /// kept by its id when the list knows it by that id, else by its place.
    struct ItemKeys: Equatable {
        var kept: Set<String> = []
        var all: Set<String> = []
    }

    private let store: HistoryStore
    private let plugins: PluginRegistry
    let rule: Rule
    /// When this run started: versions first seen since are this run's own.
    private let runStart: Int

    init(store: HistoryStore, plugins: PluginRegistry, runStart: Int, rule: Rule = .unseen) {
        self.store = store
        self.rule = rule
        self.plugins = plugins
        self.runStart = runStart
    }

    /// What of a load's `content` to show for the source asked for as `request`: as `choose`
    /// says, or, for `--unread --jq`, as it said of the list the program read (whose results
    /// are then shown whole).
    func pick(_ content: AnyContent, of request: SourceRequest) -> Choice {
        if ranBeforeJQ(content) { return chosenBeforeJQ[HistoryRecorder.identity(of: request).url] ?? .all }
        return choose(content, of: request)
    }

    /// Whether `content` is a jq program's results on the unread items alone (`beforeJQ`).
    func ranBeforeJQ(_ content: AnyContent) -> Bool {
        rule == .unread && content.pluginName == JQPlugin.pluginName
    }

    /// What of `content` to show for the source asked for as `request`: the items no
    /// version recorded before this run held, which is every item an earlier run showed,
    /// `--unseen` or not.
    func choose(_ content: AnyContent, of request: SourceRequest) -> Choice {
        guard let items = HistoryItems.of(content, plugins: plugins) else { return .notAList }
        let url = HistoryRecorder.identity(of: request).url
        if rule == .unread {
            guard let read = store.readItems(of: [url]) else { return .all }
            let marked = read[url] ?? []
            return Self.only(items, where: { !marked.contains($0.key) }, since: nil)
        }
        // A history that cannot be read says so once; the run then shows everything.
        guard let shown = store.itemsShown(by: url, before: runStart) else { return .all }
        if shown.keys.isEmpty && shown.lastRun == nil { return .all }
        return Self.only(items, where: { !shown.keys.contains($0.key) }, since: shown.lastRun)
    }

    /// `request`, its jq program reading only the unread items, for `--unread --jq`: read
    /// marks are kept by the list's items, which the program's results are not. Any other
    /// request as it is.
    func beforeJQ(_ request: SourceRequest) -> SourceRequest {
        guard rule == .unread, let jq = request.jqDecoder?.decoder(as: JQPlugin.self) else { return request }
        var narrowed = request
        narrowed.plugin = .fixed(AnyContentDecoder(jq.reading { [unowned self] body, response in
            unreadJSON(of: body, response: response, request: request)
        }))
        return narrowed
    }

    /// What `choose` gave for the list a source's jq program read, by the source's history URL.
    private(set) var chosenBeforeJQ: [String: Choice] = [:]

    /// The JSON of `body`'s list (as `--output json` writes it) with only its unread items;
    /// nil when it is no list, or no history says what was read: the program reads the body.
    private func unreadJSON(of body: [UInt8], response: ResponseInfo, request: SourceRequest) -> [UInt8]? {
        let url = HistoryRecorder.identity(of: request).url
        chosenBeforeJQ[url] = nil
        guard case .success(let content)? = plugins.choose(for: body, response: response)?.decoded else { return nil }
        let choice = choose(content, of: request)
        chosenBeforeJQ[url] = choice
        guard case .only(let kept, let keys, _) = choice else { return nil }
        // As the program reads a feed or a page: their plugins' JSON, as `--output json` has it.
        let context = RenderContext()
        return Array(Self.json(plugins.renderJSON(content, context: context), keeping: kept, keys: keys, context: context).utf8)
    }

    private static func only(_ items: [HistoryStore.Item], where kept: (HistoryStore.Item) -> Bool, since: Int?) -> Choice {
        let indices = items.indices.filter { kept(items[$0]) }
        let ids = { (places: [Int]) in Set(places.map { items[$0].key }.filter { $0.hasPrefix("id:") }) }
        return .only(indices, keys: ItemKeys(kept: ids(indices), all: ids(Array(items.indices))), since: since)
    }

    /// `rendered` with only the items at `kept`: what comes before the first item (a table's
    /// header) and after the last (`… 3 more`) stays.
    static func text(_ rendered: RenderedItems, keeping kept: [Int]) -> String {
        var lines = rendered.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        let starts = rendered.itemLines
        guard let first = starts.first else { return rendered.text }
        let end = min(rendered.end ?? lines.count, lines.count)
        var out = Array(lines[0..<min(first, lines.count)])
        for index in kept where index < starts.count {
            let stop = index + 1 < starts.count ? starts[index + 1] : end
            out += lines[min(starts[index], lines.count)..<min(max(stop, starts[index]), lines.count)]
        }
        out += lines[end...]
        return out.map { $0 + "\n" }.joined()
    }

    /// `json` (a document as `--output json` prints it) with only the items at `kept` of its
    /// list: the array itself, or a feed's `items`, written as `context` asks (`--sort-keys`,
    /// `-c`). An item with an id is kept by it (`keys`: a feed's list is newest first, its
    /// JSON in the document's order); one with none, by its place. Anything else comes back
    /// as it was.
    static func json(_ json: String, keeping kept: [Int], keys: ItemKeys = ItemKeys(), context: RenderContext) -> String {
        guard let document = try? JSONParser.parse(Array(json.utf8)) else { return json }
        let places = Set(kept)
        func only(_ items: [JSON]) -> [JSON] {
            items.indices.filter { place in
                // An id the list does not know its item by (a feed's stand-in for an entry
                // with none) is no id: the place decides.
                let id = ItemIdentities.idFields.lazy.compactMap { items[place][$0]?.scalarText }.first.map { "id:" + $0 }
                return id.flatMap { keys.all.contains($0) ? keys.kept.contains($0) : nil } ?? places.contains(place)
            }.map { items[$0] }
        }
        let writer = JSONWriter(context: context)
        switch document {
        case .array(let items):
            return writer.write(.array(only(items)))
        case .object(var fields):
            guard let index = fields.firstIndex(where: { $0.key == "items" }), case .array(let items) = fields[index].value else { return json }
            fields[index].value = .array(only(items))
            return writer.write(.object(fields))
        default:
            return json
        }
    }
}
