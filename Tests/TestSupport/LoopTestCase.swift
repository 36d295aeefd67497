public import Loader
public import XCTest

/// A test case with a fresh loop on the default main context, and an HTTP client on it.
open class LoopTestCase: XCTestCase {
    public private(set) var loop: EventLoop!
    public private(set) var client: HTTPClient!

    override open func setUp() {
        super.setUp()
        loop = EventLoop()
        client = HTTPClient(loop: loop)
    }

    override open func tearDown() {
        // The client first: its session must go while the loop's context is still held.
        client = nil
        loop = nil
        super.tearDown()
    }
}
