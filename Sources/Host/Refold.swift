import Reducers

/// The `refold` command line (placeholder until the host issue lands).
public enum Refold {
  public static func main() { print("refold: an event-sourced state-store engine for Swift view models") }
}
