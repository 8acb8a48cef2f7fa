/// Removes the indentation a standalone block's content was written with, so the block can be
/// re-indented wherever it is expanded.
enum TemplateDedenter {
    /// Strips `prefix` from the start of every line in `nodes`, and from the recorded
    /// indentation of standalone partials and blocks inside them.
    static func dedent(_ nodes: inout [TemplateNode], by prefix: String) {
        guard !prefix.isEmpty else { return }
        for index in nodes.indices {
            switch nodes[index] {
            case .text(let text):
                if index > 0, case .lineStart = nodes[index - 1] {
                    nodes[index] = .text(String(dropPrefix(prefix, from: text)))
                }
            case .lineStart, .variable:
                break
            case .section(let path, let inverted, var children):
                dedent(&children, by: prefix)
                nodes[index] = .section(path, inverted: inverted, children: children)
            case .partial(let reference, let indentation, let position):
                nodes[index] = .partial(
                    reference, indentation: indentation.map { dropPrefix(prefix, from: $0) }, position)
            case .parent(let reference, let indentation, var arguments, let position):
                for name in arguments.keys {
                    if var block = arguments[name] {
                        dedent(&block, by: prefix)
                        arguments[name] = block
                    }
                }
                nodes[index] = .parent(
                    reference, indentation: indentation.map { dropPrefix(prefix, from: $0) },
                    arguments: arguments,
                    position)
            case .block(var block):
                dedent(&block, by: prefix)
                nodes[index] = .block(block)
            }
        }
    }

    private static func dedent(_ block: inout TemplateBlock, by prefix: String) {
        if let indentation = block.indentation {
            // A standalone block already removed its own (deeper) indentation: only its
            // recorded indentation moves.
            block.indentation = dropPrefix(prefix, from: indentation)
            block.contentIndentation = dropPrefix(prefix, from: block.contentIndentation)
        } else {
            dedent(&block.children, by: prefix)
        }
    }

    private static func dropPrefix(_ prefix: String, from text: String) -> String {
        let shared = zip(prefix.utf8, text.utf8).prefix(while: { $0 == $1 }).count
        return String(decoding: text.utf8.dropFirst(shared), as: UTF8.self)
    }
}
