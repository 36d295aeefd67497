/// Why an item's detail cannot be opened, in words for the footer.
struct DetailProblem: Error {
    var text: String
}
