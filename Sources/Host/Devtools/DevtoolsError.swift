/// What the inspector answers a request it cannot serve: one sentence, and the HTTP status.
enum DevtoolsError: Error, Equatable {
  /// No token, a wrong one, or a Host header that is not the loopback address.
  case forbidden(String)
  /// No such log, or no such seq in it.
  case notFound(String)
  /// A query parameter that is missing or not a number, or a method other than GET.
  case badRequest(String)
  case methodNotAllowed(String)
  /// The log cannot be read or replayed.
  case badLog(String)

  var status: Int {
    switch self {
    case .forbidden: 403
    case .notFound: 404
    case .badRequest: 400
    case .methodNotAllowed: 405
    case .badLog: 422
    }
  }

  var message: String {
    switch self {
    case .forbidden(let message), .notFound(let message), .badRequest(let message), .methodNotAllowed(let message),
      .badLog(let message):
      message
    }
  }
}
