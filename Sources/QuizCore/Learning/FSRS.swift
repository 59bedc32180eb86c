import Foundation

/// The FSRS-6 memory model (Free Spaced Repetition Scheduler), as the
/// reference implementation, the Python package `fsrs` 6.3.2, computes it:
/// a card's stability (days until recall falls to 90%), difficulty (1 to 10)
/// and retrievability (the chance of recall now), and the next interval in
/// whole days for a desired retention.
///
/// quiz uses the reference's scheduler configured with no learning steps, no
/// relearning steps and no fuzzing (`Scheduler(learning_steps=(),
/// relearning_steps=(), enable_fuzzing=False)`): a quiz meets a question at
/// most a few times a day, so every review, the first one included, schedules
/// the card whole days ahead, and the same history always gives the same
/// dates. `CardState.apply(review:at:using:)` runs that configuration;
/// `FSRSAgreementTests` checks it against the reference.
///
/// Every formula is written in the reference's order of operations with the
/// same `pow` calls (Python's `math.e ** x` is C's `pow(e, x)`), so the
/// results agree to the last bit or nearly.
public struct FSRS: Sendable, Equatable {
    /// The 21 default parameters of FSRS-6, exactly as py-fsrs 6.3.2 has them
    /// (`DEFAULT_PARAMETERS`); the last one is the decay of the forgetting curve.
    public static let defaultParameters: [Double] = [
        0.212, 1.2931, 2.3065, 8.2956, 6.4133, 0.8334, 3.0194, 0.001, 1.8722, 0.1666, 0.796,
        1.4835, 0.0614, 0.2629, 1.6483, 0.6014, 1.8729, 0.5425, 0.0912, 0.0658, 0.1542,
    ]

    /// The reference's bounds for each parameter (`LOWER_BOUNDS_PARAMETERS`,
    /// `UPPER_BOUNDS_PARAMETERS`), both inclusive.
    public static let parameterBounds: [ClosedRange<Double>] = [
        0.001...100, 0.001...100, 0.001...100, 0.001...100, 1...10, 0.001...4, 0.001...4, 0.001...0.75,
        0...4.5, 0...0.8, 0.001...3.5, 0.001...5, 0.001...0.25, 0.001...0.9, 0...4, 0...1, 1...6,
        0...2, 0...2, 0...0.8, 0.1...0.8,
    ]

    public static let defaultDesiredRetention = 0.9
    /// In days: a hundred years, the reference's default.
    public static let defaultMaximumInterval = 36_500
    /// No stability falls below this (`STABILITY_MIN`).
    public static let minimumStability = 0.001
    public static let difficultyRange: ClosedRange<Double> = 1...10

    /// The default parameters, a desired retention of 0.9 and the default
    /// maximum interval: what quiz schedules with.
    public static let standard = FSRS(
        checked: defaultParameters, desiredRetention: defaultDesiredRetention,
        maximumInterval: defaultMaximumInterval)

    public let parameters: [Double]
    /// The chance of recall at which a card comes due, strictly between 0 and 1.
    public let desiredRetention: Double
    /// The longest interval, in days, at least 1.
    public let maximumInterval: Int

    /// The forgetting curve's exponent, `-w[20]`.
    public let decay: Double
    /// Chosen so that retrievability is 0.9 when the days elapsed equal the stability.
    public let factor: Double

    /// Checks every value as the reference does (21 parameters within its
    /// bounds) and more (a retention strictly between 0 and 1, a maximum
    /// interval of at least a day); the error names the value at fault.
    public init(
        parameters: [Double] = FSRS.defaultParameters, desiredRetention: Double = FSRS.defaultDesiredRetention,
        maximumInterval: Int = FSRS.defaultMaximumInterval
    ) throws(FSRSError) {
        guard parameters.count == FSRS.parameterBounds.count else {
            throw .parameterCount(parameters.count)
        }
        for (index, (value, bounds)) in zip(parameters, FSRS.parameterBounds).enumerated()
        where !bounds.contains(value) {
            throw .parameterOutOfBounds(index: index, value: value, bounds: bounds)
        }
        guard desiredRetention > 0, desiredRetention < 1 else {
            throw .desiredRetention(desiredRetention)
        }
        guard maximumInterval >= 1 else { throw .maximumInterval(maximumInterval) }
        self.init(checked: parameters, desiredRetention: desiredRetention, maximumInterval: maximumInterval)
    }

    private init(checked parameters: [Double], desiredRetention: Double, maximumInterval: Int) {
        self.parameters = parameters
        self.desiredRetention = desiredRetention
        self.maximumInterval = maximumInterval
        decay = -parameters[20]
        factor = pow(0.9, 1 / decay) - 1
    }

    private var w: [Double] { parameters }

    // MARK: The forgetting curve and the interval

    /// The chance of recall `elapsedDays` whole days after the last review,
    /// for a card of this stability (the reference counts whole days only,
    /// and none below zero).
    public func retrievability(stability: Double, elapsedDays: Int) -> Double {
        pow(1 + factor * Double(max(0, elapsedDays)) / stability, decay)
    }

    /// Days until the retrievability falls to the desired retention, rounded
    /// half to even as Python's `round` does, then kept within 1 and
    /// `maximumInterval`.
    public func nextInterval(stability: Double) -> Int {
        let days = (stability / factor) * (pow(desiredRetention, 1 / decay) - 1)
        guard days.isFinite else { return days > 0 ? maximumInterval : 1 }
        let rounded = days.rounded(.toNearestOrEven)
        if rounded >= Double(maximumInterval) { return maximumInterval }
        return rounded < 1 ? 1 : Int(rounded)
    }

    // MARK: Stability and difficulty

    /// The stability after a card's first review: `w[rating - 1]`.
    public func initialStability(_ rating: ReviewRating) -> Double {
        clampStability(w[rating.rawValue - 1])
    }

    /// The difficulty after a card's first review, kept within 1 and 10.
    public func initialDifficulty(_ rating: ReviewRating) -> Double {
        clampDifficulty(unclampedInitialDifficulty(rating))
    }

    private func unclampedInitialDifficulty(_ rating: ReviewRating) -> Double {
        w[4] - pow(M_E, w[5] * Double(rating.rawValue - 1)) + 1
    }

    /// The difficulty after a later review: moved by the rating, damped
    /// towards 10, and pulled a little back towards the difficulty of an
    /// Easy first review.
    public func nextDifficulty(_ difficulty: Double, _ rating: ReviewRating) -> Double {
        let target = unclampedInitialDifficulty(.easy)
        let delta = -(w[6] * Double(rating.rawValue - 3))
        let damped = difficulty + (10.0 - difficulty) * delta / 9.0
        return clampDifficulty(w[7] * target + (1 - w[7]) * damped)
    }

    /// The stability after a review less than a whole day after the previous one.
    public func shortTermStability(_ stability: Double, _ rating: ReviewRating) -> Double {
        var increase = pow(M_E, w[17] * (Double(rating.rawValue - 3) + w[18])) * pow(stability, -w[19])
        if rating != .again { increase = max(increase, 1.0) }
        return clampStability(stability * increase)
    }

    /// The stability after a review a day or more after the previous one,
    /// given the retrievability at that moment.
    public func nextStability(
        difficulty: Double, stability: Double, retrievability: Double, rating: ReviewRating
    ) -> Double {
        let next =
            rating == .again
            ? forgetStability(difficulty: difficulty, stability: stability, retrievability: retrievability)
            : recallStability(
                difficulty: difficulty, stability: stability, retrievability: retrievability, rating: rating)
        return clampStability(next)
    }

    /// After a lapse: the lesser of the long-term formula and the stability
    /// divided by `e^(w[17]·w[18])`.
    func forgetStability(difficulty: Double, stability: Double, retrievability: Double) -> Double {
        let longTerm =
            w[11] * pow(difficulty, -w[12]) * (pow(stability + 1, w[13]) - 1)
            * pow(M_E, (1 - retrievability) * w[14])
        let shortTerm = stability / pow(M_E, w[17] * w[18])
        return min(longTerm, shortTerm)
    }

    /// After a recall: grows more for easy cards, low stability and low
    /// retrievability; Hard takes the penalty `w[15]`, Easy the bonus `w[16]`.
    func recallStability(difficulty: Double, stability: Double, retrievability: Double, rating: ReviewRating)
        -> Double
    {
        let hardPenalty = rating == .hard ? w[15] : 1
        let easyBonus = rating == .easy ? w[16] : 1
        return stability
            * (1 + pow(M_E, w[8]) * (11 - difficulty) * pow(stability, -w[9])
                * (pow(M_E, (1 - retrievability) * w[10]) - 1) * hardPenalty * easyBonus)
    }

    private func clampStability(_ stability: Double) -> Double {
        max(stability, FSRS.minimumStability)
    }

    private func clampDifficulty(_ difficulty: Double) -> Double {
        min(max(difficulty, FSRS.difficultyRange.lowerBound), FSRS.difficultyRange.upperBound)
    }
}
