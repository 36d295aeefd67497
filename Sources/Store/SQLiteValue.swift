import Loader
/// A value bound to a statement's parameter.
enum SQLiteValue {
    case text(String)
    case integer(Int)
    case blob([UInt8])
    case null
}
