import Loader
import Plan
import Screen

/// Whose URL `o` and `y` take, found: the presenter only hands it on (to the browser or the
/// clipboard), so what a template or a source says stays the session's to read.
extension LoadSession {
    /// The URL `target` names, or why it names none, and the name of the source it belongs to,
    /// for the notice; nil for a detail no longer open.
    func linkURL(of target: LinkTarget) -> (source: String, url: Result<String, DetailProblem>)? {
        switch target {
        case .item(let index, let fields):
            return (sources[index].name, detailURL(of: sources[index], fields: fields))
        case .detail:
            guard let page = openDetail else { return nil }
            return (page.main.name, .success(page.url))
        case .record(let index, let fields):
            let name = (openDetail?.main ?? sources[index]).name
            return (name, DetailTemplate.link(in: fields).map { .success($0) }
                ?? .failure(DetailProblem(text: "this item has no url, link or href field")))
        case .source(let index):
            let address = sources[index].loader.source.url
            return (sources[index].name, URLParts.isStandardInput(address)
                ? .failure(DetailProblem(text: "standard input has no URL to open")) : .success(address))
        }
    }
}
