/// A value `FSRS` refuses, with a one-line description that names it.
public enum FSRSError: Error, Equatable, Sendable, CustomStringConvertible {
    case parameterCount(Int)
    case parameterOutOfBounds(index: Int, value: Double, bounds: ClosedRange<Double>)
    case desiredRetention(Double)
    case maximumInterval(Int)

    public var description: String {
        switch self {
        case .parameterCount(let count):
            "FSRS needs 21 parameters, got \(count)"
        case .parameterOutOfBounds(let index, let value, let bounds):
            "FSRS parameter w[\(index)] = \(value) is outside \(bounds.lowerBound)...\(bounds.upperBound)"
        case .desiredRetention(let value):
            "desired retention \(value) must be between 0 and 1, both excluded"
        case .maximumInterval(let days):
            "maximum interval \(days) must be at least 1 day"
        }
    }
}
