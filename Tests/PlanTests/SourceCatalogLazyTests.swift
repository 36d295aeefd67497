import Loader
import Plugins
import XCTest
@testable import Plan

/// A catalog read from a sources file's bytes checks every group but keeps only each source's
/// group, and builds a source when it is used (`SourcesFile.check`); a catalog given the
/// file's parsed contents holds every definition. They must be one catalog: the same sources
/// in the same order, the same problems, the same warning about a secret.
final class SourceCatalogLazyTests: XCTestCase {
    private let registry = PluginRegistry.default()
    private let files = URLInput.Files(directory: "/etc", environment: [:]) { _ in false }

    private let cases = [
        "",
        "# nothing but a comment\n",
        "[source a]\nurl=http://h/a\ninterval=30s\n[source b]\nurl=http://h/b\nplugin=posts\ndetail=/p/{id}\nrelated=c:/p/{id}/c;d:/d\n",
        // Two groups name one source: the second is laid over the first.
        "[source a]\nurl=http://h/a\n[source  a]\ninterval=5s\n[source b]\nurl=http://h/b\n",
        // The first copy has no url: it is the problem, and the second defines the source.
        "[source a]\ninterval=5s\n[source  a]\nurl=http://h/a\n",
        "[source a]\ninterval=5s\n",
        // A built-in changed by the file, twice.
        "[source posts]\ninterval=10s\n[source  posts]\nplugin=articles\n[source x]\nurl=http://h/x\n",
        // Secrets of each kind, in an order that makes each the first of its kind.
        "[source a]\nurl=http://h/a\n[source b]\nurl=http://u:p@h/b\n[source c]\nurl=http://h/c\nuser=u:p\n"
            + "[source d]\nurl=http://h/d\nheaders=Authorization=Bearer x\n",
        // A copy drops the secret its first group held: the next source is the one named.
        "[source a]\nurl=http://h/a\nheaders=Authorization=Bearer x\n[source  a]\nheaders=Accept=x\n"
            + "[source b]\nurl=http://h/b\nheaders=Authorization=Bearer y\n",
        "[defaults]\nuser=d:pw\ninterval=1m\n[source a]\nurl=http://h/a\nuser=alice\nnetrc=yes\n",
        // Problems of every kind beside good groups.
        "[source a]\nurl=http://h/a\nintervall=30s\n[source b]\nurl=http://h/b\n[other]\nx=1\n[source c d]\nurl=http://h/c\n"
            + "[source e]\nurl=http://h/e\n[source e]\nurl=http://h/e2\n[source f]\nurl=-\n[source g]\nurl=http://h/g\nretry=many\n"
            + "[defaults]\nurl=http://h/\n[source h]\nurl=http://h/h\nbad line\n[source i]\nurl=http://h/i\n",
    ]

    func testACatalogReadFromBytesIsTheCatalogOfTheFilesDefinitions() throws {
        for text in cases {
            let lazy = SourceCatalog(path: "/etc/s.conf", read: .success(Array(text.utf8)), explicit: true, plugins: registry.names,
                                     files: files)
            var eager = SourceCatalog()
            eager.add(try SourcesFile.parse(text, path: "/etc/s.conf", plugins: registry.names, files: files))
            XCTAssertNil(lazy.fileProblem, text)
            XCTAssertEqual(Array(lazy.definitions), Array(eager.definitions), text)
            XCTAssertEqual(lazy.names, eager.names, text)
            // What the listing reads of each source is each one's own.
            XCTAssertEqual(lazy.shown.count, eager.definitions.count, text)
            for (shown, whole) in zip(lazy.shown, eager.definitions) {
                XCTAssertEqual(shown.name, whole.name, text)
                XCTAssertEqual(shown.url, whole.url, text)
                XCTAssertEqual(shown.plugin, whole.plugin, text)
                XCTAssertEqual(shown.interval, whole.interval, text)
                XCTAssertEqual(shown.detail, whole.detail, text)
                XCTAssertEqual(shown.related, whole.related, text)
                XCTAssertEqual(shown.credentials, whole.credentials, text)
                XCTAssertEqual(shown.origin, whole.origin, text)
            }
            XCTAssertEqual(lazy.configured, eager.configured, text)
            XCTAssertEqual(lazy.hasFile, eager.hasFile, text)
            XCTAssertEqual(lazy.defaults, eager.defaults, text)
            XCTAssertEqual(lazy.groupProblems.map { "\($0.source ?? "-") \($0.isDefaults) \($0.error)" },
                           eager.groupProblems.map { "\($0.source ?? "-") \($0.isDefaults) \($0.error)" }, text)
            for name in eager.names + ["a", "b", "e", "nothing"] {
                XCTAssertEqual(lazy.definition(named: name), eager.definition(named: name), "\(name) of \(text)")
                XCTAssertEqual(lazy.problems(ofSource: name).map(\.description), eager.problems(ofSource: name).map(\.description), text)
            }
            // A catalog given contents has no path, so no warning: the secret it names is found
            // here as the warning found it when every definition was held.
            let warning = lazy.secretExposure(mode: 0o644)
            if let secret = firstSecret(of: eager) {
                XCTAssertEqual(warning?.contains("holds a secret (\(secret))"), true, "\(warning ?? "no warning") of \(text)")
            } else {
                XCTAssertNil(warning, text)
            }
        }
    }

    /// The secret `secretExposure` names, found by reading every definition in order.
    private func firstSecret(of catalog: SourceCatalog) -> String? {
        let definitions = Array(catalog.definitions)
        if let exposed = definitions.first(where: { $0.headers.contains(where: \.isSecretInFile) }),
           let header = exposed.headers.first(where: \.isSecretInFile) {
            return "the \(header.name) header of \(exposed.name)"
        }
        if catalog.defaults?.settings.credentials.user?.password != nil { return "the password in the user of [defaults]" }
        if let exposed = definitions.first(where: { $0.credentials.user?.password != nil }) { return "the password in the user of \(exposed.name)" }
        if let exposed = definitions.first(where: { $0.url.map { URLCredentials.masked($0) != $0 } ?? false }) {
            return "the password in the url of \(exposed.name)"
        }
        return nil
    }

    func testTheSecretNamedIsTheFirstSourceThatStillHoldsOne() {
        let text = cases[8]
        let catalog = SourceCatalog(path: "/etc/s.conf", read: .success(Array(text.utf8)), explicit: true, plugins: registry.names,
                                    files: files)
        XCTAssertEqual(catalog.secretExposure(mode: 0o644)?.contains("(the Authorization header of b)"), true,
                       catalog.secretExposure(mode: 0o644) ?? "no warning")
    }
}
