import Loader
import Plugins
import Screen

/// A jq filter typed in the view, carried out: compiled, run off the loop on the content
/// the model gave as JSON, and what it gave handed back to the model (`ScreenMessage.filtered`).
/// One run at a time: a newer one (the next reload's) calls off the one still going.
extension ScreenPresenter {
    /// How long a filter typed in the view may run before it is said to have taken too long.
    static let filterDeadline = Duration.seconds(10)

    func runFilter(_ run: ScreenModel.FilterRun) {
        filterRun?.cancel()
        filterRun = nil
        let program: JQProgram
        do {
            program = try JQProgram(run.program)
        } catch {
            return send(.filtered(serial: run.serial, .failure(FilterFailure(error.description))))
        }
        var writer = JSONWriter()
        writer.isCompact = true
        let input = Array(writer.write(run.input).utf8)
        filterRun = program.start(input, deadline: .now + Self.filterDeadline) { [weak self] result in
            guard let self else { return }
            filterRun = nil
            send(.filtered(serial: run.serial, Self.outcome(of: result)))
        }
    }

    /// A run's results as one value, several as an array; its failure, or no result, as why
    /// there is nothing new to show.
    static func outcome(of run: JQProgram.Run) -> Result<JSON, FilterFailure> {
        if let failure = run.failure { return .failure(FilterFailure(failure)) }
        var values: [JSON] = []
        for result in run.results {
            do {
                values.append(try JSONParser.parse(Array(result.utf8)))
            } catch {
                return .failure(FilterFailure("a result is not JSON: \(error.reason)"))
            }
        }
        switch values.count {
        case 0: return .failure(FilterFailure("the filter gave no result"))
        case 1: return .success(values[0])
        default: return .success(.array(values))
        }
    }
}
