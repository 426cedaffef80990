import Foundation

/// A self-signed certificate and its key, made for one test by `openssl req` in a temporary
/// folder: a P-256 key, valid for a day, for the names the test gives (`DNS:localhost,
/// IP:127.0.0.1`). Its certificate file is what `SSL_CERT_FILE` names for `refold` to trust it.
struct SelfSignedCertificate {
  /// The PEM certificate's path.
  let certificate: String
  /// The PEM private key's path (PKCS #8, unencrypted).
  let key: String

  static let openssl = "/usr/bin/openssl"

  /// Makes one in `directory` for `names`, a `subjectAltName` value.
  static func make(in directory: TemporaryDirectory, names: String = "DNS:localhost,IP:127.0.0.1") throws -> SelfSignedCertificate {
    guard FileManager.default.isExecutableFile(atPath: openssl) else {
      throw RawHTTPClient.Failure(description: "OpenSSL's command (\(openssl), Debian's package openssl) makes the test's certificate: scripts/install-deps.sh --for-tests (make test) installs it")
    }
    let stem = UUID().uuidString
    let certificate = directory.url.appendingPathComponent("\(stem)-certificate.pem").path
    let key = directory.url.appendingPathComponent("\(stem)-key.pem").path
    let process = Process()
    process.executableURL = URL(fileURLWithPath: openssl)
    process.arguments = [
      "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-subj", "/CN=localhost",
      "-addext", "subjectAltName=\(names)", "-days", "1", "-keyout", key, "-out", certificate,
    ]
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    let message = errors.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw RawHTTPClient.Failure(
        description: "openssl req exited \(process.terminationStatus): \(String(decoding: message, as: UTF8.self))")
    }
    return SelfSignedCertificate(certificate: certificate, key: key)
  }
}
