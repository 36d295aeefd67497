#if canImport(Glibc)
import Glibc
#endif
internal import CLibXML2
internal import Loader

/// A parsed XML document, owned here and freed when this goes: mended of real feeds' commonest
/// faults (`FeedRepair`), read by libxml2 in its recover mode, never reading a DTD or expanding
/// an entity, and refused when it declares entities of its own (the billion-laughs attack does).
final class XMLDocument {
    private let pointer: OpaquePointer
    /// Whether the document needed libxml2's recovery to be read at all.
    let wellFormed: Bool

    private init(pointer: OpaquePointer, wellFormed: Bool) {
        self.pointer = pointer
        self.wellFormed = wellFormed
    }

    deinit { lr_xml_free_document(pointer) }

    /// Reads an element as it ends, while the parse goes on; true when it took what it needed,
    /// and the element's content may go.
    typealias ElementReader = (XMLElement, _ depth: Int) -> Bool

    /// The document in `body`, `kind` naming what it should be in messages (`a feed`); nil
    /// when libxml2 made nothing of it; refused past `maxTags` tags. Each element of depth 1
    /// to `depth` (the root's children are 1) is handed to `reader` as it ends, whole, with
    /// its ancestors; what it takes is freed then, so a feed's entries are never all in the
    /// tree at once.
    static func read(_ body: [UInt8], url: String, charset: String?, kind: String, maxTags: Int = .max,
                     handing depth: Int = 0, to reader: ElementReader? = nil) throws(DecodeFailure) -> XMLDocument? {
        if let problem = lr_xml_open() {
            throw DecodeFailure("is \(kind), and loadrun's XML reader, libxml2, cannot be loaded (\(String(cString: problem)))",
                                suggestion: "install libxml2 (apt-get install libxml2)")
        }
        guard body.count <= Int32.max else { throw DecodeFailure("is \(kind) of more than 2 GiB, more than libxml2 reads") }
        let (body, mended, tags) = FeedRepair.mended(body)
        guard tags <= maxTags else {
            throw DecodeFailure("is \(kind) with more than \(maxTags) tags, more than loadrun reads", suggestion: "ask the server for a shorter one")
        }
        var wellFormed: Int32 = 0
        let handing = reader.map(Handing.init)
        let pointer = withExtendedLifetime(handing) {
            body.withUnsafeBufferPointer { buffer in
                buffer.withMemoryRebound(to: CChar.self) { bytes in
                    // Unretained: `handing` outlives the parse, which calls back only during it.
                    lr_xml_read_handing(bytes.baseAddress, Int32(bytes.count), url, charset, &wellFormed, Int32(depth),
                                        handing == nil ? nil : Handing.callback,
                                        handing.map { Unmanaged.passUnretained($0).toOpaque() })
                }
            }
        }
        guard let pointer else { return nil }
        let document = XMLDocument(pointer: pointer, wellFormed: wellFormed != 0 && !mended)
        if lr_xml_declares_entities(pointer) != 0 {
            throw DecodeFailure("declares entities in its own DTD, which loadrun never expands (the billion-laughs attack does)",
                                suggestion: "ask its publisher for one without a DOCTYPE")
        }
        return document
    }

    /// The reader of a parse in progress, as libxml2 calls it back.
    private final class Handing {
        let reader: ElementReader
        init(_ reader: @escaping ElementReader) { self.reader = reader }

        static let callback: lr_xml_element_handler = { info, node, depth in
            guard let info, let node else { return 0 }
            let handing = Unmanaged<Handing>.fromOpaque(info).takeUnretainedValue()
            return handing.reader(XMLElement(node: node, document: lr_xml_node_document(node)), Int(depth)) ? 1 : 0
        }
    }

    /// Its root element, valid while this document lives: keep the document alive around its
    /// use (`withExtendedLifetime`), since Swift may release it after its last mention.
    var root: XMLElement? {
        lr_xml_root(pointer).map { XMLElement(node: $0, document: pointer) }
    }
}

/// One element of a parsed XML document, read through libxml2's tree: its name, namespace,
/// attributes, children and text. Valid while its `XMLDocument` lives.
struct XMLElement {
    let node: OpaquePointer
    let document: OpaquePointer

    var name: String { lr_xml_name(node).map { String(cString: $0) } ?? "" }
    var parent: XMLElement? { lr_xml_parent(node).map { XMLElement(node: $0, document: document) } }
    var namespace: String? { lr_xml_namespace(node).map { String(cString: $0) } }

    /// Whether its tag is `name`, in any namespace. Names are static strings, compared as C
    /// strings where they lie: a Swift string as short as a tag name would be copied out of
    /// its inline storage on every comparison, and a 10 MB feed makes millions.
    func has(name: StaticString) -> Bool {
        guard let tag = lr_xml_name(node) else { return false }
        return strcmp(tag, UnsafeRawPointer(name.utf8Start).assumingMemoryBound(to: CChar.self)) == 0
    }

    /// Whether it is in namespace `namespace` (nil: in none).
    func isIn(_ namespace: String?) -> Bool {
        let href = lr_xml_namespace(node)
        guard let namespace else { return href == nil }
        // withCString, not a String passed as a C string: that conversion copies it each time.
        return href.map { href in namespace.withCString { strcmp(href, $0) == 0 } } ?? false
    }

    /// Whether it is `name` in namespace `namespace` (nil: in none).
    func `is`(_ name: StaticString, in namespace: String?) -> Bool {
        has(name: name) && isIn(namespace)
    }

    /// Calls `body` with each child element, in order.
    func forEachChild(_ body: (XMLElement) -> Void) {
        var child = lr_xml_first_child(node)
        while let current = child {
            if lr_xml_kind(current) == LR_XML_ELEMENT { body(XMLElement(node: current, document: document)) }
            child = lr_xml_next_sibling(current)
        }
    }

    /// Its child elements, in order.
    var children: [XMLElement] {
        var elements: [XMLElement] = []
        forEachChild { elements.append($0) }
        return elements
    }

    /// The first child called `name` in namespace `namespace`.
    func child(_ name: StaticString, in namespace: String?) -> XMLElement? {
        var current = lr_xml_first_child(node)
        while let candidate = current {
            if lr_xml_kind(candidate) == LR_XML_ELEMENT {
                let element = XMLElement(node: candidate, document: document)
                if element.is(name, in: namespace) { return element }
            }
            current = lr_xml_next_sibling(candidate)
        }
        return nil
    }

    func attribute(_ name: StaticString) -> String? {
        guard let value = lr_xml_property(node, UnsafeRawPointer(name.utf8Start).assumingMemoryBound(to: CChar.self)) else { return nil }
        defer { lr_xml_free(value) }
        return String(cString: value)
    }

    /// The value of attribute `name` of `node`, an element of a feed or a page, as written.
    static func attribute(_ name: String, of node: OpaquePointer) -> String? {
        guard let value = lr_xml_property(node, name) else { return nil }
        defer { lr_xml_free(value) }
        return String(cString: value)
    }

    /// `reference` resolved against this element's base: its `xml:base`, its ancestors', and
    /// the document's URL.
    func resolve(_ reference: String) -> String? {
        let trimmed = reference.trimmingCharacters(in: " \t\r\n")
        guard !trimmed.isEmpty, let resolved = trimmed.withCString({ lr_xml_resolve(document, node, $0) }) else { return nil }
        defer { lr_xml_free(resolved) }
        return String(cString: resolved)
    }

    /// All the text under it: its text and CDATA. An entity reference left unexpanded (only
    /// one a DTD would have declared) adds nothing.
    var text: String {
        // Most elements of a feed hold one text node: it becomes the string as it is.
        if let only = lr_xml_first_child(node), lr_xml_next_sibling(only) == nil, lr_xml_kind(only) == LR_XML_TEXT {
            return lr_xml_text(only).map { String(cString: $0) } ?? ""
        }
        var out = ""
        Self.gather(node, into: &out, depth: 0, skipping: [])
        return out
    }

    /// Calls `body` with its text's bytes where libxml2 holds them, when it is one text node;
    /// nil otherwise (no text, several nodes, elements inside).
    func withOnlyText<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result? {
        guard let only = lr_xml_first_child(node), lr_xml_next_sibling(only) == nil, lr_xml_kind(only) == LR_XML_TEXT,
              let content = lr_xml_text(only) else { return nil }
        return content.withMemoryRebound(to: UInt8.self, capacity: 1) { body(UnsafeBufferPointer(start: $0, count: strlen(content))) }
    }

    /// The date its text says (RFC 3339 read straight from libxml2's bytes, the commonest
    /// form in feeds; RFC 822 and the rest through `FeedDate`).
    var date: FeedDate? {
        let seconds = withOnlyText { bytes -> Int? in
            FeedDate.rfc3339(bytes: UnsafeBufferPointer(rebasing: bytes[Whitespace.trimmed(bytes: bytes)]))
        }
        return seconds?.map(FeedDate.init(seconds:)) ?? FeedDate(text)
    }

    /// Whether attribute `name` is there and is `value`, compared where libxml2 holds it.
    func attribute(_ name: StaticString, is value: StaticString) -> Bool? {
        guard let found = lr_xml_property(node, UnsafeRawPointer(name.utf8Start).assumingMemoryBound(to: CChar.self)) else { return nil }
        defer { lr_xml_free(found) }
        return strcmp(found, UnsafeRawPointer(value.utf8Start).assumingMemoryBound(to: CChar.self)) == 0
    }

    /// Attribute `name` resolved against this element's base, as `resolve` does, without a
    /// string for the attribute's value between.
    func resolvedAttribute(_ name: StaticString) -> String? {
        guard let value = lr_xml_property(node, UnsafeRawPointer(name.utf8Start).assumingMemoryBound(to: CChar.self)) else { return nil }
        defer { lr_xml_free(value) }
        let length = strlen(value)
        // Spaces at an end: `resolve` trims them first, as it does for text.
        guard length > 0, !Whitespace.isSpace(UInt8(bitPattern: value[0])), !Whitespace.isSpace(UInt8(bitPattern: value[length - 1])) else {
            return resolve(String(cString: value))
        }
        guard let resolved = lr_xml_resolve(document, node, value) else { return nil }
        defer { lr_xml_free(resolved) }
        return String(cString: resolved)
    }

    /// Its text with runs of spaces as one, none at the ends (`Whitespace`).
    var collapsedText: String {
        // One text node: collapsed straight from libxml2's buffer, with no string between.
        withOnlyText { Whitespace.collapsed(bytes: $0) } ?? Whitespace.collapsed(text)
    }

    /// Its text without the spaces, tabs and line breaks at its ends.
    var trimmedText: String { Whitespace.trimmed(text) }

    /// Its text as a page shows it: with no text of the elements named in `skipped` (a
    /// script's, in XHTML).
    func text(skipping skipped: Set<String>) -> String {
        var out = ""
        Self.gather(node, into: &out, depth: 0, skipping: skipped)
        return out
    }

    private static func gather(_ node: OpaquePointer, into out: inout String, depth: Int, skipping skipped: Set<String>) {
        var child = lr_xml_first_child(node)
        while let current = child {
            switch lr_xml_kind(current) {
            case LR_XML_TEXT:
                if let content = lr_xml_text(current) { out += String(cString: content) }
            case LR_XML_ELEMENT where depth < maxDepth:
                if skipped.isEmpty || !skipped.contains(lr_xml_name(current).map { String(cString: $0).lowercased() } ?? "") {
                    gather(current, into: &out, depth: depth + 1, skipping: skipped)
                }
            default:
                break
            }
            child = lr_xml_next_sibling(current)
        }
    }

    /// Nesting past this adds nothing to a feed's text.
    static let maxDepth = 64
}
