"""Edits of a bank's files: the machinery the server's governed writes and the linter's fixes share.

Why in the core: `memorybank-lint --fix` must write the way a governed write does (atomic
replace, the bank's lock, the journal, line endings and BOM kept, the same path gate), and the linter
installs without the server. So the machinery lives here, once, and `memorybank_server.writes`
imports it:

- `gate`: bank paths an edit may touch (never outside the bank, never through a link);
- `atomic`: temporary file + fsync + rename, bounded reads that refuse anything but a regular file;
- `lock`: one writer per bank across processes;
- `journal`, `transaction`: multi-file edits that land whole even when killed;
- `text`: a file's bytes as LF text, put back with its own BOM and line endings;
- `entries`, `table`, `registration`: the index entry that registers a document, in the shape of
  its index's own entries.
"""
