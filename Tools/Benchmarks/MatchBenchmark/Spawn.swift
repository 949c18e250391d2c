import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What one run of a child process did, timed from just before `posix_spawn` (so fork/exec,
/// dynamic loading and the child's whole start-up are included).
struct ChildRun {
    var exitStatus: Int32
    /// Start to the first byte of the first output line, when stdout was a pipe.
    var firstLineNanoseconds: UInt64?
    /// Start to exit (`waitpid` returned).
    var totalNanoseconds: UInt64
    /// Newlines read from stdout (0 when stdout went to /dev/null).
    var lines: Int
    var stderrText: String
    /// The start of stdout (up to 64 KiB), when stdout was a pipe.
    var output: [UInt8] = []
}

enum SpawnError: Error, CustomStringConvertible {
    case failed(String, Int32)
    var description: String {
        switch self {
        case .failed(let what, let code): return "\(what) failed: \(String(cString: strerror(code)))"
        }
    }
}

/// Runs `path` with `arguments`; stdin from `stdinPath` (default /dev/null); stdout into a pipe
/// this process drains (counting lines, noting the first) or straight to /dev/null; stderr
/// into a temporary file that is returned as text.
func runChild(
    _ path: String, _ arguments: [String], stdinPath: String = "/dev/null", stdoutToPipe: Bool, scratchDirectory: String
) throws -> ChildRun {
    let stderrPath = scratchDirectory + "/child-stderr.txt"
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }

    var fds: [Int32] = [-1, -1]
    if stdoutToPipe {
        guard pipe(&fds) == 0 else { throw SpawnError.failed("pipe", errno) }
        posix_spawn_file_actions_adddup2(&actions, fds[1], STDOUT_FILENO)
        posix_spawn_file_actions_addclose(&actions, fds[0])
        posix_spawn_file_actions_addclose(&actions, fds[1])
    } else {
        posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0)
    }
    posix_spawn_file_actions_addopen(&actions, STDIN_FILENO, stdinPath, O_RDONLY, 0)
    posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, stderrPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)

    let argv: [UnsafeMutablePointer<CChar>?] = ([path] + arguments).map { strdup($0) } + [nil]
    let envp: [UnsafeMutablePointer<CChar>?] =
        ProcessInfo.processInfo.environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
    defer { for p in argv + envp { free(p) } }

    var pid: pid_t = 0
    let start = nowNanoseconds()
    let rc = posix_spawn(&pid, path, &actions, nil, argv, envp)
    if rc != 0 {
        if stdoutToPipe { close(fds[0]); close(fds[1]) }
        throw SpawnError.failed("posix_spawn \(path)", rc)
    }

    var firstLine: UInt64?
    var lines = 0
    var output: [UInt8] = []
    if stdoutToPipe {
        close(fds[1])
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fds[0], $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                break
            }
            if n == 0 { break }
            if output.count < 1 << 16 { output.append(contentsOf: buffer.prefix(min(n, (1 << 16) - output.count))) }
            for i in 0..<n where buffer[i] == 0x0A {
                if firstLine == nil { firstLine = nowNanoseconds() - start }
                lines += 1
            }
        }
        close(fds[0])
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 {
        if errno != EINTR { throw SpawnError.failed("waitpid", errno) }
    }
    let total = nowNanoseconds() - start
    // WIFEXITED / WEXITSTATUS, which Swift does not import (they are macros).
    let exitStatus: Int32 = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)

    var stderrText = ""
    if let f = fopen(stderrPath, "r") {
        var chunk = [CChar](repeating: 0, count: 4096)
        while fgets(&chunk, Int32(chunk.count), f) != nil {
            stderrText += String(decoding: chunk.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if stderrText.utf8.count > 8192 { break }
        }
        fclose(f)
    }
    return ChildRun(
        exitStatus: exitStatus, firstLineNanoseconds: firstLine, totalNanoseconds: total, lines: lines,
        stderrText: stderrText, output: output)
}

/// The directory holding this executable (`/proc/self/exe`), where SwiftPM puts its siblings.
func executableDirectory() -> String? {
    var buffer = [CChar](repeating: 0, count: 4096)
    let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
    guard n > 0 else { return nil }
    let path = String(decoding: buffer.prefix(n).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    guard let slash = path.lastIndex(of: "/") else { return nil }
    return String(path[..<slash])
}

/// `Cpus_allowed_list` from /proc/self/status: the CPUs this process (and its children) may run on.
func allowedCPUs() -> String {
    guard let f = fopen("/proc/self/status", "r") else { return "?" }
    defer { fclose(f) }
    var line = [CChar](repeating: 0, count: 1024)
    while fgets(&line, Int32(line.count), f) != nil {
        let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if text.hasPrefix("Cpus_allowed_list:") {
            return text.dropFirst("Cpus_allowed_list:".count).trimmingWhitespace()
        }
    }
    return "?"
}

/// The BLAS shared object actually mapped into this process (from /proc/self/maps).
func loadedBLASLibrary() -> String {
    guard let f = fopen("/proc/self/maps", "r") else { return "?" }
    defer { fclose(f) }
    var line = [CChar](repeating: 0, count: 4096)
    var found: [String] = []
    while fgets(&line, Int32(line.count), f) != nil {
        let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        guard let slash = text.firstIndex(of: "/") else { continue }
        let path = text[slash...].trimmingWhitespace()
        if path.lowercased().contains("blas"), !found.contains(path) { found.append(path) }
    }
    return found.isEmpty ? "?" : found.joined(separator: ", ")
}

/// `openblas_get_num_threads()` / `openblas_get_config()` when the loaded BLAS is OpenBLAS.
enum OpenBLASInfo {
    static func threads() -> Int? {
        typealias Get = @convention(c) () -> Int32
        guard let h = dlopen(nil, RTLD_NOW), let s = dlsym(h, "openblas_get_num_threads") else { return nil }
        return Int(unsafeBitCast(s, to: Get.self)())
    }
    static func config() -> String? {
        typealias Get = @convention(c) () -> UnsafePointer<CChar>?
        guard let h = dlopen(nil, RTLD_NOW), let s = dlsym(h, "openblas_get_config"),
            let p = unsafeBitCast(s, to: Get.self)()
        else { return nil }
        return String(cString: p)
    }
}

extension StringProtocol {
    func trimmingWhitespace() -> String {
        var s = Substring(self)
        while let c = s.first, c == " " || c == "\t" || c == "\n" || c == "\r" { s = s.dropFirst() }
        while let c = s.last, c == " " || c == "\t" || c == "\n" || c == "\r" { s = s.dropLast() }
        return String(s)
    }
}
