#if canImport(FoundationNetworking)
  import Foundation
  import NIOCore
  import NIOSSL

  /// TLS for `KernelWaitingHTTP`'s `https://`: the client side of swift-nio-ssl, with the
  /// server's certificate fully verified (its chain against the trust roots, its name against
  /// the address's host), and the words a failure is told in.
  ///
  /// The trust roots are the system's (the first CA bundle of the usual Linux places), unless
  /// `SSL_CERT_FILE` names a PEM file: then its certificates are trusted *instead of* the
  /// system's, as OpenSSL and curl read that variable, so a private CA or a test's self-signed
  /// certificate is trusted without trusting it on top of every public authority.
  enum KernelWaitingTLS {
    /// What names the trust roots in place of the system's.
    static let trustRootsVariable = "SSL_CERT_FILE"

    /// The context every `https://` exchange of the process shares, made at the first one:
    /// the trust roots are read once (the system's bundle holds over a hundred certificates), so
    /// `SSL_CERT_FILE` is read once too.
    private static let context: Result<NIOSSLContext, SetupFailure> = makeContext(
      trustRootsFile: ProcessInfo.processInfo.environment[trustRootsVariable].flatMap { $0.isEmpty ? nil : $0 })

    /// Why there is no context, in the words of `HTTP.Reason`.
    struct SetupFailure: Error {
      var reason: String
    }

    /// A handler for a new connection to `host`, which names the server (SNI) and is the name
    /// its certificate must carry; an IP address is matched against the certificate's IP
    /// addresses instead, since SNI cannot carry one.
    ///
    /// - Throws: ``SetupFailure`` when the trust roots cannot be read.
    static func clientHandler(host: String) throws -> NIOSSLClientHandler {
      try NIOSSLClientHandler(context: Self.context.get(), serverHostname: isIPAddress(host) ? nil : host)
    }

    /// Whether the exchange's context can be made, checked before connecting.
    ///
    /// - Throws: ``SetupFailure`` when the trust roots cannot be read.
    static func checkContext() throws {
      _ = try Self.context.get()
    }

    /// Why a TLS exchange with `host` failed, or nil when `error` is not TLS's.
    static func reason(_ error: any Error, host: String) -> String? {
      switch error {
      case let error as SetupFailure:
        return error.reason
      case let error as NIOSSLExtraError where error == .failedToValidateHostname:
        return HTTP.Reason.certificateNotFor(host)
      case NIOSSLError.uncleanShutdown:
        // The server closed the connection without TLS's close_notify: cut short, as over TCP.
        return HTTP.Reason.connectionLost
      case NIOSSLError.handshakeFailed(.sslError(let stack)) where stack.contains(where: { code($0) == "CERTIFICATE_VERIFY_FAILED" }):
        return HTTP.Reason.untrustedCertificate(trustedBy)
      case NIOSSLError.handshakeFailed(let error):
        return HTTP.Reason.secureConnectionFailed(detail(error))
      case is NIOSSLError, is NIOSSLExtraError, is BoringSSLError:
        return HTTP.Reason.secureConnectionFailed(String(describing: error))
      default:
        return nil
      }
    }

    /// What the certificate was checked against, for ``HTTP/Reason/untrustedCertificate(_:)``.
    private static var trustedBy: String {
      if let file = ProcessInfo.processInfo.environment[trustRootsVariable], !file.isEmpty {
        return "it is not signed by a certificate in \(trustRootsVariable) (\(file))"
      }
      return "it is not signed by an authority the system trusts (\(trustRootsVariable) can name a PEM file of the "
        + "certificates to trust instead)"
    }

    private static func makeContext(trustRootsFile: String?) -> Result<NIOSSLContext, SetupFailure> {
      var configuration = TLSConfiguration.makeClientConfiguration()
      // NB: Once an exchange has its answer, or has given up on it (the cap, the deadline, a
      //     cancelled task), the connection is closed at once: close_notify is sent, and the
      //     server's is not waited for (5 s by default), during which a flooding server would
      //     keep the connection, and the loop decrypting what it sends.
      configuration.shutdownTimeout = .zero
      if let trustRootsFile {
        switch certificates(in: trustRootsFile) {
        case .success(let certificates): configuration.trustRoots = .certificates(certificates)
        case .failure(let failure): return .failure(failure)
        }
      }
      do {
        return .success(try NIOSSLContext(configuration: configuration))
      } catch {
        return .failure(SetupFailure(reason: HTTP.Reason.secureConnectionFailed("no TLS context: \(error)")))
      }
    }

    /// The certificates of the PEM file at `path`, or why there are none.
    private static func certificates(in path: String) -> Result<[NIOSSLCertificate], SetupFailure> {
      func failure(_ why: String) -> Result<[NIOSSLCertificate], SetupFailure> {
        .failure(SetupFailure(reason: HTTP.Reason.unreadableTrustRoots(variable: trustRootsVariable, path: path, why)))
      }
      // NB: A regular file only: a FIFO or a device named by mistake would block or never end.
      guard let type = try? FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType else {
        return failure("there is no such file")
      }
      guard type == .typeRegular else { return failure("it is not a regular file") }
      guard let bytes = FileManager.default.contents(atPath: path) else { return failure("it cannot be read") }
      guard let certificates = try? NIOSSLCertificate.fromPEMBytes(Array(bytes)), !certificates.isEmpty else {
        return failure("it holds no PEM certificate")
      }
      return .success(certificates)
    }

    /// BoringSSL's reason code of an error (`CERTIFICATE_VERIFY_FAILED`), from its description
    /// (`Error: 268435581 error:1000007d:SSL routines:OPENSSL_internal:CERTIFICATE_VERIFY_FAILED
    /// at …`), or the description when it has none (NIOSSL's own, such as an end of file during
    /// the handshake).
    private static func code(_ error: BoringSSLInternalError) -> String {
      let description = error.description
      guard let start = description.range(of: "OPENSSL_internal:")?.upperBound else {
        return description.replacingOccurrences(of: "Error: ", with: "").trimmingCharacters(in: .whitespaces)
      }
      let rest = description[start...]
      return String(rest[..<(rest.range(of: " at ")?.lowerBound ?? rest.endIndex)])
    }

    /// A handshake failure in words: BoringSSL's reason codes, lowercased (`wrong version
    /// number` for a server that does not speak TLS).
    private static func detail(_ error: BoringSSLError) -> String {
      switch error {
      case .sslError(let stack), .unknownError(let stack), .invalidSNIName(let stack), .failedToSetALPN(let stack):
        guard !stack.isEmpty else { return String(describing: error) }
        return stack.map { code($0).replacingOccurrences(of: "_", with: " ").lowercased() }.joined(separator: "; ")
      default:
        return String(describing: error)
      }
    }

    private static func isIPAddress(_ host: String) -> Bool {
      (try? SocketAddress(ipAddress: host, port: 0)) != nil
    }
  }
#endif
