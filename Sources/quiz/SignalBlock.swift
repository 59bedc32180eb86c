import Foundation

/// Holds back SIGINT, SIGTERM and SIGHUP while a game is recorded, so the
/// game is either wholly recorded or not at all; a signal that arrived
/// meanwhile is delivered by `release()`.
struct SignalBlock {
    private var previous = sigset_t()

    static func terminating() -> SignalBlock {
        var block = SignalBlock()
        var set = sigset_t()
        sigemptyset(&set)
        for signal in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&set, signal) }
        pthread_sigmask(SIG_BLOCK, &set, &block.previous)
        return block
    }

    func release() {
        var previous = self.previous
        pthread_sigmask(SIG_SETMASK, &previous, nil)
    }
}
