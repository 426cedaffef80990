import CasePaths
public import Foundation
public import Store

/// A book search: the query is a binding; a search starts 300 ms after the last keystroke and
/// the next keystroke cancels it; tapping a book loads its summary, and tapping another cancels
/// that load. Each answer arrives as a ``Response``, logged like any action.
public struct Search: Reducer {
  public struct State: Codable, Equatable, Sendable, BindableState {
    public var query = ""
    public var results: [Book] = []
    public var selectedID: Book.ID?
    public var summary: String?
    public var error: String?

    public init(query: String = "", results: [Book] = []) {
      self.query = query
      self.results = results
    }

    public static let bindableFields: BindableFields<Self> = [.field("query", \.query)]
  }

  @CasePathable
  public enum Action: Codable, Equatable, Sendable, BindableAction {
    case binding(BindingAction<State>)
    case bookTapped(Book.ID)
    case searchResponse(Response<[Book]>)
    case summaryResponse(Response<String>)
  }

  enum CancelID: Hashable, Sendable { case search, summary }

  @Dependency(\.books) var books
  @Dependency(\.continuousClock) var clock

  public init() {}

  public var body: some ReducerOf<Self> {
    BindingReducer()
    Reduce { state, action in
      switch action {
      case .binding(\.query):
        state.error = nil
        guard !state.query.isEmpty else {
          state.results = []
          state.selectedID = nil
          state.summary = nil
          return .cancel(id: CancelID.search)
        }
        return .run { [query = state.query, books, clock] send in
          try await clock.sleep(for: .milliseconds(300))
          await send(.searchResponse(await Response { try await books.search(query) }))
        }
        .cancellable(id: CancelID.search, cancelInFlight: true)

      case .binding:
        return .none

      case let .bookTapped(id):
        state.selectedID = id
        state.summary = nil
        return .run { [books] send in
          await send(.summaryResponse(await Response { try await books.summary(id) }))
        }
        .cancellable(id: CancelID.summary, cancelInFlight: true)

      case let .searchResponse(.success(results)):
        state.results = results
        return .none

      case let .searchResponse(.failure(reason)):
        state.results = []
        state.error = reason
        return .none

      case let .summaryResponse(.success(summary)):
        state.summary = summary
        return .none

      case let .summaryResponse(.failure(reason)):
        state.selectedID = nil
        state.error = reason
        return .none
      }
    }
  }
}

/// A request's answer as an action carries it: the value, or why there is none. `Codable`, so
/// that the log records it and a replay or a generated test needs no server (Swift's `Result`
/// is not `Codable`, and an `any Error` could not be logged).
@CasePathable
public enum Response<Value: Codable & Equatable & Sendable>: Codable, Equatable, Sendable {
  case success(Value)
  case failure(String)

  /// The value `operation` returns, or its error's description.
  public init(catching operation: () async throws -> Value) async {
    do {
      self = .success(try await operation())
    } catch {
      self = .failure(String(describing: error))
    }
  }
}
