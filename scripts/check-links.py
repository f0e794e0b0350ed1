#!/usr/bin/env python3
"""Checks that every relative link in README.md, CHANGELOG.md and docs/*.md names a file or
folder that exists (and, for #anchors into Markdown files, a heading there). Exit 1 listing the
broken ones."""
import glob, os, re, sys

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
files = [os.path.join(root, "README.md"), os.path.join(root, "CHANGELOG.md")] + sorted(glob.glob(os.path.join(root, "docs", "*.md")))
link = re.compile(r"\]\(([^)\s]+)\)")


def anchors(path):
    text = open(path, encoding="utf-8").read()
    return {re.sub(r"[^\w\- ]", "", h.strip().lower()).replace(" ", "-") for h in re.findall(r"^#+ (.*)$", text, re.M)}


broken = []
for source in files:
    text = open(source, encoding="utf-8").read()
    # Links inside code blocks are code, not links.
    text = re.sub(r"```.*?```", "", text, flags=re.S)
    for target in link.findall(text):
        if re.match(r"(https?:|mailto:)", target):
            continue
        path, _, anchor = target.partition("#")
        resolved = os.path.normpath(os.path.join(os.path.dirname(source), path)) if path else source
        if not os.path.exists(resolved):
            broken.append(f"{os.path.relpath(source, root)}: {target} (no such file)")
        elif anchor and resolved.endswith(".md") and anchor.lower() not in anchors(resolved):
            broken.append(f"{os.path.relpath(source, root)}: {target} (no such heading)")
if broken:
    print("broken links:\n  " + "\n  ".join(broken))
    sys.exit(1)
print(f"links: {len(files)} files checked, none broken")
