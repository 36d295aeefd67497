/// What a decoder does with a response it is offered.
public enum Offer<Model> {
    /// Not this decoder's: the next one in the table is asked.
    case declined
    /// Taken, and decoded.
    case taken(Model)
    /// Taken, but the body does not decode: the load fails with this.
    case failed(DecodeFailure)
}
