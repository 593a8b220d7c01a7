//===----------------------------------------------------------------------===//
// FrameFuzz.swift: libFuzzer target for FrameDecoder, StreamFramer and FrameEncoder.
//
// Built by ci/fuzz together with Sources/FrameCodec/*.swift as one module (so there is no
// `import FrameCodec`; only FrameCodec's public API is used):
//
//   swiftc -sanitize=fuzzer,address -parse-as-library -O -module-name FrameFuzz \
//       Sources/FrameCodec/*.swift Fuzz/FrameFuzz.swift -o .build/fuzz/frame-fuzz
//
// Every input is checked against a small model written from design.md's rules, independent of
// the code under test; any disagreement traps with the input in hex.
//===----------------------------------------------------------------------===//

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// libFuzzer's entry point: checks one input against the model with every limit; traps on a finding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = UnsafeRawBufferPointer(start: size > 0 ? data : nil, count: size)
    let bytes = [UInt8](input)
    for limit in FuzzCheck.limits {
        FuzzCheck.decoding(bytes, limit: limit)
        FuzzCheck.encoding(bytes, limit: limit)
        FuzzCheck.streaming(bytes, limit: limit)
    }
    return 0
}

// MARK: - The model (design.md, scenario 2), independent of FrameCodec's code

/// What one whole-input decode must answer.
enum ModelDecode: Equatable {
    case accepted(payload: Range<Int>)
    case rejected(FrameError)

    /// design.md's checks in design.md's order, with FrameError's documented figures.
    init(_ bytes: [UInt8], limit: Int) {
        let count = bytes.count
        if count > limit + 5 { self = .rejected(.oversized(expected: limit + 5, found: count)); return }
        if count == 0 { self = .rejected(.truncated(expected: 5, found: 0)); return }
        if bytes[0] != 1 { self = .rejected(.version(expected: 1, found: bytes[0])); return }
        if count < 5 { self = .rejected(.truncated(expected: 5, found: count)); return }
        let declared = ModelDecode.declaredLength(bytes, at: 0)
        if declared > UInt64(limit) { self = .rejected(.oversized(expected: limit + 5, found: Int(declared) + 5)); return }
        let frameSize = Int(declared) + 5
        if count < frameSize { self = .rejected(.truncated(expected: frameSize, found: count)); return }
        if count > frameSize { self = .rejected(.trailing(expected: frameSize, found: count)); return }
        self = .accepted(payload: 5..<frameSize)
    }

    static func declaredLength(_ bytes: [UInt8], at offset: Int) -> UInt64 {
        UInt64(bytes[offset + 1]) << 24 | UInt64(bytes[offset + 2]) << 16 | UInt64(bytes[offset + 3]) << 8 | UInt64(bytes[offset + 4])
    }
}

/// What a stream framer must do with the input as one stream of back-to-back frames.
struct ModelStream {
    /// Whole frames (header included), in order.
    var frames: [Range<Int>] = []
    /// A bad header: the error, and how many stream bytes make it visible (version: its byte;
    /// oversized: the whole 5-byte header).
    var failure: (error: FrameError, visibleAt: Int)?
    /// At the end of input without a failure: the error `finish()` must throw, if any.
    var finishError: FrameError?

    init(_ bytes: [UInt8], limit: Int) {
        let count = bytes.count
        var offset = 0
        while offset < count {
            guard bytes[offset] == 1 else {
                failure = (.version(expected: 1, found: bytes[offset]), offset + 1)
                return
            }
            guard count - offset >= 5 else {
                finishError = .truncated(expected: 5, found: count - offset)
                return
            }
            let declared = ModelDecode.declaredLength(bytes, at: offset)
            guard declared <= UInt64(limit) else {
                failure = (.oversized(expected: limit + 5, found: Int(declared) + 5), offset + 5)
                return
            }
            let frameSize = Int(declared) + 5
            guard count - offset >= frameSize else {
                finishError = .truncated(expected: frameSize, found: count - offset)
                return
            }
            frames.append(offset..<(offset + frameSize))
            offset += frameSize
        }
    }
}

// MARK: - The checks

enum FuzzCheck {
    /// A tiny limit (so the fuzzer reaches every limit path), 64, and the default 1 MiB.
    static let limits = [0, 64, FrameFormat.defaultLimit]

    /// Traps with the input when `condition` is false.
    static func require(_ condition: Bool, _ message: @autoclosure () -> String, _ bytes: [UInt8], limit: Int) {
        guard !condition else { return }
        let shown = bytes.prefix(64).map { String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16) }
        fatalError(
            "FrameFuzz (limit \(limit)): \(message()); input \(bytes.count) bytes: \(shown.joined(separator: " "))"
                + (bytes.count > 64 ? " …" : ""))
    }

    /// FrameDecoder through every overload against the model.
    static func decoding(_ bytes: [UInt8], limit: Int) {
        let model = ModelDecode(bytes, limit: limit)
        let decoder = FrameDecoder(limit: limit)
        require(decoder.maximumFrameSize == limit + 5, "maximumFrameSize", bytes, limit: limit)

        // payloadRange / decode on a raw buffer, in place.
        let inPlace = bytes.withUnsafeBytes { raw in
            Result { () throws(FrameError) -> (Range<Int>, Bool) in
                let range = try decoder.payloadRange(in: raw)
                let payload = try decoder.decode(raw)
                let isView =
                    payload.count == range.count
                    && (range.isEmpty || payload.baseAddress == raw.baseAddress.map { $0 + 5 })
                return (range, isView)
            }
        }
        switch inPlace {
        case let .success((range, isView)):
            require(model == .accepted(payload: range), "payloadRange gave \(range), model says \(model)", bytes, limit: limit)
            require(isView, "decode(raw) is not the view input[5...]", bytes, limit: limit)
        case let .failure(error):
            require(model == .rejected(error), "payloadRange threw \(error), model says \(model)", bytes, limit: limit)
        }
        // The copying overloads: [UInt8], an ArraySlice and a Data slice that do not start at 0.
        let padded = [0xAA] + bytes + [0x55]
        let slice = padded[1..<(padded.count - 1)]
        let dataSlice = Data(padded)[1..<(padded.count - 1)]
        let answers: [Result<[UInt8], FrameError>] = [
            Result { () throws(FrameError) in try decoder.decode(bytes) },
            Result { () throws(FrameError) in try decoder.decode(slice) },
            Result { () throws(FrameError) in [UInt8](try decoder.decode(dataSlice)) },
        ]
        for (index, answer) in answers.enumerated() {
            switch (answer, model) {
            case let (.success(payload), .accepted(range)):
                require(
                    bytes.count == 5 + payload.count && bytes[0] == 1, "overload \(index): accepted input is not 5 + length bytes", bytes,
                    limit: limit)
                require(payload == Array(bytes[range]), "overload \(index): payload is not input[5...]", bytes, limit: limit)
            case let (.failure(error), .rejected(expected)):
                require(error == expected, "overload \(index) threw \(error), model says \(expected)", bytes, limit: limit)
            default:
                require(false, "overload \(index) answered \(answer), model says \(model)", bytes, limit: limit)
            }
        }
    }

    /// FrameEncoder: accepted inputs round-trip; over-limit payloads are refused.
    static func encoding(_ bytes: [UInt8], limit: Int) {
        let encoder = FrameEncoder(limit: limit)
        if case let .accepted(range) = ModelDecode(bytes, limit: limit) {
            let payload = Array(bytes[range])
            require((try? encoder.encode(payload)) == bytes, "encode(decode(x)) != x", bytes, limit: limit)
            require((try? encoder.encode(Data(payload))) == Data(bytes), "encode(Data) != x", bytes, limit: limit)
            require((try? encoder.header(payloadCount: payload.count)) == Array(bytes[0..<5]), "header(payloadCount:)", bytes, limit: limit)
        }
        // The whole input as a payload.
        var output: [UInt8] = [0x42]
        let appended = bytes.withUnsafeBytes { raw in
            Result { () throws(FrameError) in try encoder.encode(raw, appendingTo: &output) }
        }
        switch appended {
        case .success:
            require(bytes.count <= limit, "encoded a \(bytes.count)-byte payload over the limit", bytes, limit: limit)
            require(
                output.count == 6 + bytes.count && output[1] == 1 && Array(output[6...]) == bytes,
                "encode(appendingTo:) wrote the wrong bytes", bytes, limit: limit)
            let decoded = try? FrameDecoder(limit: limit).decode(Array(output[1...]))
            require(decoded == bytes, "decode(encode(x)) != x", bytes, limit: limit)
        case let .failure(error):
            let want = FrameError.oversized(expected: limit + 5, found: bytes.count + 5)
            require(bytes.count > limit && error == want, "encode threw \(error) for a \(bytes.count)-byte payload", bytes, limit: limit)
            require(output == [0x42], "a refused encode changed its output", bytes, limit: limit)
        }
    }

    /// StreamFramer under several chunkings against the stream model.
    static func streaming(_ bytes: [UInt8], limit: Int) {
        let model = ModelStream(bytes, limit: limit)
        // Each frame decoded on its own (the input's frames back to back) is what the framer must yield.
        let decoder = FrameDecoder(limit: limit)
        let expectedPayloads: [[UInt8]] = model.frames.map { frame in
            let decoded = try? decoder.decode(bytes[frame])
            require(decoded != nil, "FrameDecoder rejects frame \(frame) that the stream model accepts", bytes, limit: limit)
            return decoded ?? []
        }
        let count = bytes.count
        var seed: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes.prefix(256) { seed = (seed ^ UInt64(byte)) &* 0x100_0000_01B3 }
        let splitPoint = count == 0 ? 0 : Int(seed % UInt64(count + 1))

        var plans: [(name: String, cuts: [Int], api: FeedAPI)] = [
            ("whole", [count], .callback),
            ("split at \(splitPoint)", [splitPoint, splitPoint, count], .callback),  // includes an empty chunk
            ("split at \(splitPoint) via [UInt8]", [splitPoint, count], .array),
            ("split at \(splitPoint) via Data", [splitPoint, count], .data),
        ]
        if count <= 4096 { plans.append(("byte by byte", Array(stride(from: 1, through: count, by: 1)), .callback)) }
        var random = seed
        var cuts: [Int] = []
        var position = 0
        while position < count {
            random = random &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let step = random >> 60 == 0 ? Int((random >> 20) % 2048) : Int((random >> 33) % 9)
            position = min(count, position + step)
            cuts.append(position)
        }
        plans.append(("pseudo-random chunks", cuts, .callback))

        for plan in plans {
            run(plan.cuts, api: plan.api, name: plan.name, bytes, limit: limit, model: model, expected: expectedPayloads)
        }
    }

    enum FeedAPI { case callback, array, data }

    /// Feeds `bytes` cut at `cuts` (ascending stream offsets; the last is the end) and checks the
    /// framer after every chunk: frames out so far, bytes buffered, errors exactly when the bad
    /// header becomes visible. Callback feeds get each chunk in its own exact-size allocation, so
    /// AddressSanitizer catches a read past the chunk.
    static func run(
        _ cuts: [Int], api: FeedAPI, name: String, _ bytes: [UInt8], limit: Int,
        model: ModelStream, expected: [[UInt8]]
    ) {
        var framer = StreamFramer(limit: limit)
        require(framer.isAtFrameBoundary && framer.bufferedByteCount == 0, "\(name): new framer not at a boundary", bytes, limit: limit)
        var out = 0  // frames handed out so far
        var mismatch: Int?  // the first frame whose bytes differ from the model's
        var complete = 0  // frames the model completes within the bytes fed so far
        var boundary = 0  // where the last of them ends
        var start = 0
        for end in cuts {
            let before = out
            var thrown: FrameError?
            switch api {
            case .callback:
                let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: end - start, alignment: 1)
                defer { chunk.deallocate() }
                if end > start { bytes.withUnsafeBytes { chunk.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[start..<end])) } }
                let outcome = Result { () throws(FrameError) in
                    try framer.feed(UnsafeRawBufferPointer(chunk)) { payload in
                        if mismatch == nil, out >= expected.count || !payload.elementsEqual(expected[out]) { mismatch = out }
                        out += 1
                    }
                }
                thrown = outcome.failureValue
            case .array, .data:
                let chunk = Array(bytes[start..<end])
                let outcome =
                    api == .array
                    ? Result { () throws(FrameError) in try framer.feed(chunk) }
                    : Result { () throws(FrameError) in try framer.feed(Data(chunk)).map { [UInt8]($0) } }
                switch outcome {
                case let .success(frames):
                    for frame in frames {
                        if mismatch == nil, out >= expected.count || frame != expected[out] { mismatch = out }
                        out += 1
                    }
                case let .failure(error):
                    thrown = error
                }
            }
            require(mismatch == nil, "\(name): frame \(mismatch ?? -1) differs from the model's", bytes, limit: limit)
            require(framer.bufferedByteCount <= limit + 5, "\(name): buffered \(framer.bufferedByteCount) > limit + 5", bytes, limit: limit)

            if let failure = model.failure, end >= failure.visibleAt {
                // The feed that makes the bad header visible throws, after handing out every frame
                // before it (the array overloads drop that chunk's frames, as documented).
                require(
                    thrown == failure.error, "\(name): feed up to \(end) threw \(String(describing: thrown)), model says \(failure.error)",
                    bytes, limit: limit)
                let want = api == .callback ? model.frames.count : complete
                let got = api == .callback ? out : before
                require(got == want, "\(name): \(got) frames before the error, model says \(want)", bytes, limit: limit)
                require(!framer.isAtFrameBoundary, "\(name): a failed framer claims a frame boundary", bytes, limit: limit)
                // Spent: every later call throws the same error.
                let again = Result { () throws(FrameError) in try framer.feed([UInt8]()) }
                require(again.failureValue == failure.error, "\(name): feed after the error did not rethrow it", bytes, limit: limit)
                let finish = Result { () throws(FrameError) in try framer.finish() }
                require(finish.failureValue == failure.error, "\(name): finish after the error did not rethrow it", bytes, limit: limit)
                return
            }
            require(
                thrown == nil, "\(name): feed up to \(end) threw \(String(describing: thrown)) on a good stream prefix", bytes, limit: limit
            )
            while complete < model.frames.count, model.frames[complete].upperBound <= end {
                boundary = model.frames[complete].upperBound
                complete += 1
            }
            require(out == complete, "\(name): after \(end) bytes, \(out) frames out, model says \(complete)", bytes, limit: limit)
            require(
                framer.bufferedByteCount == end - boundary,
                "\(name): after \(end) bytes, buffered \(framer.bufferedByteCount), model says \(end - boundary)", bytes, limit: limit)
            require(
                framer.isAtFrameBoundary == (end == boundary), "\(name): isAtFrameBoundary wrong after \(end) bytes", bytes, limit: limit)
            start = end
        }
        require(model.failure == nil, "\(name): the model's bad header never became visible", bytes, limit: limit)
        require(out == expected.count, "\(name): \(out) frames in all, model says \(expected.count)", bytes, limit: limit)
        let finish = Result { () throws(FrameError) in try framer.finish() }
        require(
            finish.failureValue == model.finishError,
            "\(name): finish() gave \(finish), model says \(String(describing: model.finishError))", bytes, limit: limit)
    }
}

extension Result {
    /// The error, or nil on success.
    var failureValue: Failure? {
        if case let .failure(error) = self { return error }
        return nil
    }
}
