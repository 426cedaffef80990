#!/usr/bin/env python3
"""Reads `swift package dump-package` on stdin and the sources, and refuses a target that reaches
a module of the package without listing it: a module it imports, or one a module it lists
re-exports (`@_exported import`). SwiftPM rebuilds a target when a module it lists changes, not
when one reached only through another changes, and the stale objects then fail to link
(swiftlang/swift#89636: a struct that became a typealias behind `import Store`)."""
import json, os, re, sys

package = json.load(sys.stdin)
targets = {t["name"]: t for t in package["targets"]}
IMPORT = re.compile(r"^\s*(?:@\w+(?:\([^)]*\))?\s+|public\s+|package\s+|internal\s+)*import\s+(?:struct\s+|enum\s+|class\s+|func\s+)?(\w+)", re.M)
EXPORT = re.compile(r"^\s*@_exported\s+(?:public\s+)?import\s+(\w+)", re.M)


def folder(target):
    if target.get("path"):
        return target["path"]
    return os.path.join("Tests" if target["type"] == "test" else "Sources", target["name"])


def sources(target):
    for root, _, files in os.walk(folder(target)):
        for name in sorted(files):
            if name.endswith(".swift"):
                path = os.path.join(root, name)
                with open(path, encoding="utf-8") as file:
                    yield path, file.read()


def listed(target):
    names = set()
    for dependency in target["dependencies"]:
        for kind in ("byName", "target"):
            if kind in dependency:
                names.add(dependency[kind][0])
    return names & targets.keys()


exports = {name: {m for _, text in sources(t) for m in EXPORT.findall(text)} & targets.keys()
           for name, t in targets.items() if t["type"] not in ("system", "plugin", "binary")}


def reexported(name, seen=None):
    seen = set() if seen is None else seen
    for module in exports.get(name, ()):
        if module not in seen:
            seen.add(module)
            reexported(module, seen)
    return seen


problems = []
for name, target in sorted(targets.items()):
    if target["type"] in ("system", "plugin", "binary") or not os.path.isdir(folder(target)):
        continue
    own = listed(target)
    for module in sorted(own):
        for missing in sorted(reexported(module) - own - {name}):
            problems.append(f"{name} lists {module}, which re-exports {missing}: list {missing} too")
    for path, text in sources(target):
        for module in sorted(set(IMPORT.findall(text)) & targets.keys()):
            if module != name and module not in own:
                problems.append(f"{path} imports {module}, which {name} does not list in Package.swift")

for problem in problems:
    print(f"check-layers: {problem}", file=sys.stderr)
sys.exit(1 if problems else 0)
