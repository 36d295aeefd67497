// Public: ColorChoice, a public type of Plugins, conforms here.
public import ArgumentParser
import Plan
import Plugins

// The plan's argument types are values of their own; here they learn to come from the
// command line. This target alone imports swift-argument-parser.

extension DurationArgument: ExpressibleByArgument {}
extension SizeArgument: ExpressibleByArgument {}
extension CellSizeArgument: ExpressibleByArgument {}
extension WatchArgument: ExpressibleByArgument {}
extension ShardArgument: ExpressibleByArgument {}
extension OutputFormat: ExpressibleByArgument {}
extension ColorChoice: ExpressibleByArgument {}

extension ImageFormatArgument: ExpressibleByArgument {
    /// The shell completes `--image-format` with the names, as it does a `CaseIterable` type's.
    static var defaultCompletionKind: CompletionKind { .list(allValueStrings) }
}
