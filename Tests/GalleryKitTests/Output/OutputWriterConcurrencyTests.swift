import Foundation
import Synchronization
import Testing

@testable import GalleryKit

@Suite struct OutputWriterConcurrencyTests {
    @Test func manyWorkersWritingIntoSharedFolders() throws {
        let box = try OutputSandbox()
        let writer = try OutputWriter(outputDirectory: box.output, contentDirectory: box.content)
        let failures = Mutex(0)
        DispatchQueue.concurrentPerform(iterations: 200) { index in
            do {
                try writer.write(
                    OutputFile(path: "a\(index % 5)/b\(index % 7)/c/\(index).html", text: "\(index)"))
            } catch {
                failures.withLock { $0 += 1 }
            }
        }
        try writer.commit()
        #expect(failures.withLock { $0 } == 0)
        for index in 0..<200 {
            let path = "a\(index % 5)/b\(index % 7)/c/\(index).html"
            #expect(box.read(path, in: box.output) == "\(index)")
        }
    }
}
