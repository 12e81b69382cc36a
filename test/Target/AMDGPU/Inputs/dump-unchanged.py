"""Reads the stderr of an LLVM tool run with -print-before=P -print-after=P
and prints, for each pair of dumps, "unchanged" or "changed" (whether the
pass changed the function), or "no dumps"."""
import sys

text = sys.stdin.read()
dumps, current = [], None
for line in text.splitlines():
    if line.startswith("*** IR Dump Before") or line.startswith("*** IR Dump After"):
        current = []
        dumps.append(current)
    elif current is not None:
        current.append(line)
if not dumps:
    print("no dumps")
for before, after in zip(dumps[0::2], dumps[1::2]):
    print("unchanged" if before == after else "changed")
