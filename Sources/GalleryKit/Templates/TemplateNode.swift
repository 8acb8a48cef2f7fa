/// A parsed template: what the renderer walks. Built once by ``TemplateParser``.
indirect enum TemplateNode: Sendable {
    /// Literal text, copied to the output.
    case text(String)
    /// The start of a template line: writes the current indentation (for standalone partials
    /// and blocks). Blank lines and stripped standalone lines carry none.
    case lineStart
    /// `{{name}}` (escaped) or `{{{name}}}` / `{{&name}}` (raw).
    case variable(TemplatePath, escaped: Bool, TagPosition)
    /// `{{#name}}...{{/name}}` or, when `inverted`, `{{^name}}...{{/name}}`.
    case section(TemplatePath, inverted: Bool, children: [TemplateNode])
    /// `{{>name}}` or `{{>*name}}`; `indentation` is set when the tag stands alone on its line.
    case partial(TemplateReference, indentation: String?, TagPosition)
    /// `{{<name}}...{{/name}}`: expands `name` with the given block arguments.
    case parent(TemplateReference, indentation: String?, arguments: [String: TemplateBlock], TagPosition)
    /// `{{$name}}default{{/name}}`: a block site, replaced by an argument of the same name.
    case block(TemplateBlock)
}

/// A dotted name split at the dots; empty for the implicit iterator `.`.
typealias TemplatePath = [String]

/// The line and column (1-based) of a tag's opening delimiter.
struct TagPosition: Sendable, Hashable {
    var line: Int
    var column: Int
}

/// The name of a partial or parent: written in the tag, or looked up in the context (`*name`).
enum TemplateReference: Sendable, Hashable {
    case named(String)
    case dynamic(TemplatePath, spelled: String)
}

/// A block (`{{$name}}`): its default content, or, inside a parent tag, the argument it passes.
struct TemplateBlock: Sendable {
    var name: String
    var children: [TemplateNode]
    /// The whitespace before the opening tag when the tag stands alone on its line; nil inline.
    var indentation: String?
    /// The indentation the content was written with (removed from `children` at parse time).
    var contentIndentation: String = ""
    var position: TagPosition
}
