/// A reason the run cannot start, said as `loadrun: <message>`, one line each; the exit status
/// is 64.
package struct UsageFailure: Error {
    package var messages: [String]

    package init(message: String) { messages = [message] }
    package init(messages: [String]) { self.messages = messages }

    /// The messages as one text, for a caller that says it once.
    package var message: String { messages.joined(separator: "\n") }
}
