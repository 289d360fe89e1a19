"""The sources a card database is built from: a folder, or a git repository read at a commit
(a bare mirror is enough), so that the build names the exact commit of each source.

>>> import tempfile, pathlib
>>> folder = pathlib.Path(tempfile.mkdtemp()); _ = (folder / "a.txt").write_text("hi")
>>> tree = Tree.open(folder)
>>> tree.read("a.txt"), tree.names("")
('hi', ['a.txt'])
"""

from __future__ import annotations

import subprocess
from dataclasses import dataclass
from pathlib import Path


class SourceError(RuntimeError):
    """A source that cannot be read (missing folder, not a git repository, unknown commit)."""


@dataclass
class Tree:
    """Files of one source: a folder on disk, or a git tree at ``commit``."""

    root: Path
    commit: str | None = None  # None: a plain folder
    _files: dict[str, str] | None = None

    @classmethod
    def open(cls, path: str | Path, commit: str | None = None) -> Tree:
        """A folder as it is, or a git repository (bare or not) at ``commit`` (default:
        its HEAD, or the folder's files when it is a work tree and no commit is asked)."""
        root = Path(path)
        if not root.exists():
            raise SourceError(f"{root}: no such folder")
        if commit is None and not (root / "HEAD").is_file():
            return cls(root)
        try:
            found = subprocess.run(["git", "-C", str(root), "rev-parse", "--verify",
                                    f"{commit or 'HEAD'}^{{commit}}"], check=True,
                                   capture_output=True, text=True).stdout.strip()
        except (OSError, subprocess.CalledProcessError) as exc:
            raise SourceError(f"{root}: not a git repository at {commit or 'HEAD'}") from exc
        return cls(root, found)

    def describe(self) -> str:
        """How the build names this source: its folder, and its commit when it has one."""
        return f"{self.root} at {self.commit}" if self.commit else str(self.root)

    def _git(self, *args: str) -> str:
        return subprocess.run(["git", "-C", str(self.root), *args], check=True,
                              capture_output=True, text=True).stdout

    def names(self, folder: str) -> list[str]:
        """The files directly in ``folder`` ("" for the top), sorted; none for a folder the
        source does not have."""
        if self.commit is None:
            base = self.root / folder if folder else self.root
            if not base.is_dir():
                return []
            return sorted(p.name for p in base.iterdir() if p.is_file())
        prefix = f"{folder.rstrip('/')}/" if folder else ""
        out = self._git("ls-tree", "--name-only", self.commit, *(("--", prefix) if prefix
                                                                  else ()))
        return sorted(line.removeprefix(prefix) for line in out.splitlines() if line)

    def read(self, name: str) -> str:
        """One file's text (UTF-8; undecodable bytes replaced)."""
        if self.commit is None:
            return (self.root / name).read_bytes().decode("utf-8", "replace")
        if self._files is not None and name in self._files:
            return self._files[name]
        return self._git("show", f"{self.commit}:{name}")

    def read_many(self, names: list[str]) -> dict[str, str]:
        """Many files at once (one ``git cat-file --batch`` for a git tree)."""
        if self.commit is None:
            return {name: self.read(name) for name in names}
        request = "".join(f"{self.commit}:{name}\n" for name in names).encode()
        out = subprocess.run(["git", "-C", str(self.root), "cat-file", "--batch"],
                             input=request, check=True, capture_output=True).stdout
        files: dict[str, str] = {}
        at = 0
        for name in names:
            end = out.index(b"\n", at)
            header = out[at:end].split()
            at = end + 1
            if len(header) < 3 or header[1] == b"missing":
                continue
            size = int(header[2])
            files[name] = out[at:at + size].decode("utf-8", "replace")
            at += size + 1
        return files
