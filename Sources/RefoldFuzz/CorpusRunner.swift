// NB: Built for libFuzzer (`scripts/fuzz.sh` passes `-DREFOLD_LIBFUZZER` with
//     `--sanitize=fuzzer`), the target has no `main`: libFuzzer's drives
//     `LLVMFuzzerTestOneInput`. Built plainly, as `swift build` builds every target, this `main`
//     runs the same checks over files and folders, so the package still links and a corpus or
//     a crash input can be replayed without the fuzzer.
#if !REFOLD_LIBFUZZER
  import Foundation

  @main
  enum CorpusRunner {
    static func main() async throws {
      let paths = CommandLine.arguments.dropFirst()
      guard !paths.isEmpty else {
        print(
          """
          usage: RefoldFuzz <file or folder>…            runs each file through the fuzz checks
                 RefoldFuzz --write-corpus DIR [LOG…]    writes the seed corpus
          """)
        exit(2)
      }
      if paths.first == "--write-corpus", paths.count >= 2 {
        let folder = URL(fileURLWithPath: paths[paths.startIndex + 1])
        try await CorpusWriter.write(to: folder, extraLogs: paths.dropFirst(2).map { URL(fileURLWithPath: $0) })
        return
      }
      var count = 0
      for path in paths {
        for file in files(at: path) {
          guard let data = FileManager.default.contents(atPath: file) else {
            print("cannot read \(file)")
            exit(1)
          }
          data.withUnsafeBytes { FuzzInput($0).run() }
          count += 1
        }
      }
      print("RefoldFuzz: \(count) inputs, no findings")
    }

    private static func files(at path: String) -> [String] {
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
        return [path]
      }
      let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
      return names.sorted().map { path + "/" + $0 }
    }
  }
#endif
