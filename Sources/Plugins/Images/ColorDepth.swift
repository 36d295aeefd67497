/// Colours available to symbol output.
enum ColorDepth: Equatable {
    case truecolor, indexed256, indexed16, none
}
