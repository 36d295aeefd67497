#!/usr/bin/env python3
"""Finishes loadrun(1) as swift-argument-parser's generate-manual wrote it, for `make install`.

generate-manual copies each command's `discussion` verbatim, laid out for `--help`: blank lines
and indented blocks that roff would fill into one paragraph. This script
- turns blank lines into paragraph breaks and indented blocks into literal displays;
- splits the description into DESCRIPTION, OPTIONS and COMMANDS;
- makes each headed block of the root discussion (EXAMPLES) a section of its own, except those
  that a docs/ section below replaces;
- adds the sections of the docs/ pages on the sources file, keys, signals and exit codes
  (markdown read as far as those sections use it: paragraphs, indented code, tables, `code`,
  **bold**, *italic*, [links](page.md) as their text), the last in place of generate-manual's
  generic EXIT STATUS.

Usage: finish-man-page.py GENERATED_PAGE DOCS VERSION > loadrun.1   (DOCS: the docs/ directory)
"""
import os
import re
import sys

# (the docs/ page, its `## ` heading, the man page section, the --help block it replaces)
DOC_SECTIONS = [
    ("sources.md", "The sources file", "SOURCES FILE", None),
    ("browse.md", "Keys", "KEYS", None),
    ("signals-and-exit-codes.md", "Signals", "SIGNALS", "SIGNALS"),
    ("signals-and-exit-codes.md", "Exit codes", "EXIT STATUS", "EXIT CODES"),
]
HEADING = re.compile(r"^[A-Z][A-Z ]*[A-Z]$")
LIST_START = ".Bl -tag -width 6n"


def guard(line):
    """A text line that roff would take for a request when it starts with a dot or a quote."""
    return "\\&" + line if line[:1] in (".", "'") else line


def escape_text(text):
    """Plain text made safe for an mdoc text line: backslashes, non-ASCII, a leading dot."""
    text = text.replace("\\", "\\e")
    return guard("".join(c if ord(c) < 128 else "\\[u%04X]" % ord(c) for c in text))


def inline_markdown(text):
    """`code` and **bold** in bold, *italic* in italics, a [link](target) as its text, the rest
    escaped."""
    text = re.sub(r"\[([^\]]+)\]\([^)]+\)", r"\1", text)
    out = []
    for part in re.split(r"(`[^`]+`|\*\*[^*]+\*\*|\*[^*]+\*)", text):
        if part.startswith("`") or part.startswith("**"):
            out.append("\\fB" + escape_text(part.strip("`*")) + "\\fR")
        elif part.startswith("*") and len(part) > 1:
            out.append("\\fI" + escape_text(part.strip("*")) + "\\fR")
        else:
            out.append(escape_text(part))
    return guard("".join(out))


def literal_display(lines, escape=guard):
    """Lines shown as written, indented, trailing blank lines dropped: an example, a table."""
    while not lines[-1].strip():
        lines = lines[:-1]
    indent = min(len(line) - len(line.lstrip(" ")) for line in lines if line.strip())
    return [".Bd -literal -offset indent"] + [escape(line[indent:]) for line in lines] + [".Ed"]


def discussion(lines):
    """A discussion from --help as mdoc: paragraphs and literal displays."""
    out, block = [], []

    def flush():
        if block:
            out.extend(literal_display(block))
            block.clear()

    for line in lines:
        if line.startswith(" ") and line.strip():
            block.append(line)
        elif not line.strip():
            # A blank line inside a display belongs to it when the display goes on after it.
            if block:
                block.append(line)
            elif out and out[-1] != ".Pp":
                out.append(".Pp")
        else:
            # Text after a display and a blank line starts a paragraph of its own.
            paragraph = bool(block) and not block[-1].strip()
            flush()
            out += [".Pp", line] if paragraph else [line]
    flush()
    while out and out[-1] == ".Pp":
        out.pop()
    return out


def split_at(lines, heading):
    """The lines before the first heading, and each heading's title with the lines under it.
    `heading` gives a line's title, or None for a line that is not a heading."""
    before, parts = [], []
    for line in lines:
        title = heading(line)
        if title is not None:
            parts.append((title, []))
        elif parts:
            parts[-1][1].append(line)
        else:
            before.append(line)
    return before, parts


def without_empty_paragraphs(lines):
    """A paragraph break straight before an item or a list's end separates nothing."""
    return [line for line, after in zip(lines, lines[1:] + [""])
            if not (line == ".Pp" and after.startswith((".It", ".El")))]


def description(lines):
    """DESCRIPTION taken apart: the root discussion, its options and its subcommands."""
    start = lines.index(LIST_START)
    depth, commands = 0, None
    for end in range(start, len(lines)):
        if lines[end].startswith(".Bl"):
            depth += 1
        elif lines[end] == ".El":
            depth -= 1
            if depth == 0:
                break
        elif depth == 1 and commands is None and lines[end].startswith(".It Em "):
            commands = end
    split = commands or end
    return lines[:start], without_empty_paragraphs(lines[start + 1:split]), without_empty_paragraphs(lines[split:end])


def subcommand_discussions(lines):
    """Each subcommand's discussion (the text lines inside the list) laid out as mdoc."""
    out, text = [], []
    for line in lines + [None]:
        if line is not None and not line.startswith("."):
            text.append(line)
            continue
        out.extend(discussion(text))
        text = []
        if line is not None:
            out.append(line)
    return out


def doc_section(docs, page, heading):
    """The lines under a docs/ page's `## heading`, up to the next heading."""
    path = os.path.join(docs, page)
    try:
        with open(path, encoding="utf-8") as file:
            lines = file.read().splitlines()
    except OSError as error:
        sys.exit("finish-man-page.py: %s: %s (DOCS is the docs/ directory)" % (path, error.strerror))
    start = next((i for i, line in enumerate(lines) if line == "## " + heading), None)
    if start is None:
        sys.exit("finish-man-page.py: %s has no section headed ## %s" % (path, heading))
    end = next((i for i in range(start + 1, len(lines)) if re.match(r"#+ ", lines[i])), len(lines))
    return lines[start + 1:end]


def markdown(lines):
    """The docs' markdown, as far as these sections use it, as mdoc."""
    out, index = [], 0
    while index < len(lines):
        line = lines[index]
        if not line.strip():
            index += 1
        elif line.startswith("    "):
            block = []
            while index < len(lines) and (lines[index].startswith("    ") or not lines[index].strip()):
                block.append(lines[index])
                index += 1
            out += [".Pp"] + literal_display(block, escape_text)
        elif line.startswith("|"):
            rows = []
            while index < len(lines) and lines[index].startswith("|"):
                cells = [cell.strip() for cell in lines[index].strip("|").split(" | ")]
                if not set(lines[index]) <= set("|-: "):
                    rows.append(cells)
                index += 1
            heads = [row[0] for row in rows[1:]]
            width = max(heads, key=len)
            # \& keeps a width such as "130 / 143 / 129" from being read as a number.
            width = '"\\&%s"' % escape_text(width) if len(width) <= 16 else "Ds"
            out += [".Pp", ".Bl -tag -width " + width]
            for head, text in (row[:2] for row in rows[1:]):
                out += ['.It "%s"' % inline_markdown(head), inline_markdown(text)]
            out.append(".El")
        else:
            out.append(".Pp")
            while index < len(lines) and lines[index].strip() and not lines[index].startswith(("    ", "|")):
                out.append(inline_markdown(lines[index]))
                index += 1
    return out[1:] if out[:1] == [".Pp"] else out


def main(generated_path, docs, version):
    with open(generated_path, encoding="utf-8") as file:
        preamble, parts = split_at(file.read().splitlines(), lambda line: line[4:].strip('"') if line.startswith(".Sh ") else None)
    sections = [(title, doc_section(docs, page, heading)) for page, heading, title, _ in DOC_SECTIONS]
    replaced = {help_block for _, _, _, help_block in DOC_SECTIONS if help_block}

    # The footer names what the page documents; without an argument, .Os prints "BSD".
    page = ['.Os "loadrun %s"' % version if line == ".Os" else line for line in preamble]
    for title, lines in parts:
        if title == "SYNOPSIS":
            # A subcommand is one way to run loadrun, not something every run names.
            lines = [".Op Ar subcommand" if line == ".Ar subcommand" else line for line in lines]
        if title == "DESCRIPTION":
            root, options, subcommands = description(lines)
            intro, blocks = split_at(root, lambda line: line if HEADING.match(line) else None)
            page += [".Sh DESCRIPTION"] + discussion(intro)
            page += [".Sh OPTIONS", LIST_START] + options + [".El"]
            if subcommands:
                page += [".Sh COMMANDS", LIST_START] + subcommand_discussions(subcommands) + [".El"]
            for heading, block in blocks:
                if heading not in replaced:
                    page += ['.Sh "%s"' % heading] + discussion(block)
            for heading, section in sections:
                page += ['.Sh "%s"' % heading] + markdown(section)
        elif title != "EXIT STATUS":
            page += ['.Sh "%s"' % title if " " in title else ".Sh " + title] + lines
    print("\n".join(page))


if __name__ == "__main__":
    if len(sys.argv) != 4:
        sys.exit(__doc__.strip().splitlines()[-1])
    main(*sys.argv[1:])
