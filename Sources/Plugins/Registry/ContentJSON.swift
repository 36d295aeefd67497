public import Loader

/// The JSON inside content, for the full-screen view's explorer and its filter: what each
/// plugin's model holds of what the server sent, found without rendering anything.
public enum ContentJSON {
    /// The JSON `content` is shown as when explored: a JSON document or a jq result that is
    /// one value and not a list of items (a list keeps its items to select and open); nil
    /// for anything else.
    public static func explorable(_ content: AnyContent) -> JSON? {
        let document: JSONDocument
        switch content.model {
        case let model as JSONDocument: document = model
        case let model as JQPlugin.Results:
            guard model.isSingle, case .json(let result) = model.results[0] else { return nil }
            document = result
        default: return nil
        }
        if case .array = document.value { return nil }
        return document.value
    }

    /// `content` as one JSON value, for a jq filter typed in the view: a document whole, a
    /// list as the array of its items, a stream as the array of the values it keeps; nil for
    /// content that holds no JSON (a page, a feed, an image).
    public static func whole(_ content: AnyContent) -> JSON? {
        switch content.model {
        case let model as JSONDocument: return model.value
        case let model as JQPlugin.Results:
            let values = model.results.map(\.json)
            return model.isSingle ? values[0] : .array(values)
        case let model as Table: return .array(model.rows)
        case let model as DeclaredItems: return .array(model.items)
        case let model as [Post]: return .array(model.map(\.json))
        case let model as StreamValues: return .array(model.values)
        case let model as StreamEvents: return .array(model.events.map(\.data))
        default: return nil
        }
    }

    /// Item `index` of `content`'s list as JSON, to show it whole; nil when the list's
    /// items are not JSON, or it has no such item.
    public static func item(of content: AnyContent, at index: Int) -> JSON? {
        guard case .array(let items)? = whole(content), items.indices.contains(index) else { return nil }
        return items[index]
    }
}

extension JQPlugin.Results.Result {
    /// The result as the JSON it came as.
    var json: JSON {
        switch self {
        case .text(let text): .string(text)
        case .table(let table): .array(table.rows)
        case .json(let document): document.value
        }
    }
}
