/**
 * The limits of a Markdown import (ADR 0042), apart from the converter so the console can check
 * them without loading the Markdown and YAML parsers.
 */

/** At most this many files per import; at most this many bytes (UTF-8) per file. */
export const MAX_IMPORT_FILES = 20;
export const MAX_MARKDOWN_BYTES = 100 * 1024;
