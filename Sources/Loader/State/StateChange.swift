/// One change of a source's state, as observers receive it: its machine's transition.
public typealias StateChange = SourceMachine<AnyContent>.Transition
