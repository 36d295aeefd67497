// The core's values (loading states, load errors, responses' heads, the decoding protocol)
// are part of what Loader is to its users: whoever imports Loader sees them. What needs only
// the values (the screen) imports LoadCore alone.
@_exported public import LoadCore
