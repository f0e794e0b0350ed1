// PDF objects read through qpdf: its C API (qpdf-c.h) for a document's objects, and the few
// parts only its C++ API has (content-stream parsing, text strings, dates) wrapped in C here.
#ifndef STRATA_PDF_H
#define STRATA_PDF_H

#include <stddef.h>
#include <qpdf/qpdf-c.h>

#ifdef __cplusplus
extern "C" {
#endif

/// What a content-stream event is: an operand (scalars, and the brackets of the arrays and
/// dictionaries operands are made of, keys before their values), an operator, or the data of an
/// inline image (after its "ID" operator).
typedef enum {
    STRATA_PDF_NULL = 0,
    STRATA_PDF_BOOLEAN,
    STRATA_PDF_INTEGER,
    STRATA_PDF_REAL,
    STRATA_PDF_NAME,
    STRATA_PDF_STRING,
    STRATA_PDF_ARRAY_BEGIN,
    STRATA_PDF_ARRAY_END,
    STRATA_PDF_DICTIONARY_BEGIN,
    STRATA_PDF_DICTIONARY_END,
    STRATA_PDF_KEY,
    STRATA_PDF_OPERATOR,
    STRATA_PDF_INLINE_IMAGE,
} strata_pdf_event;

/// Called for each event: `bytes`/`length` for names (without the slash), keys, strings,
/// operators and inline image data; `integer` for booleans and integers; `real` for reals.
/// Returns non-zero to stop the parse.
typedef int (*strata_pdf_content_callback)(void *context, strata_pdf_event event, const char *bytes, size_t length,
                                           long long integer, double real);

/// Parses `length` bytes of content-stream data, calling `callback` for each event.
/// 0: parsed to the end; 1: the data is not a content stream qpdf can read (events up to the
/// error were sent); 2: stopped by the callback.
int strata_pdf_parse_content(const unsigned char *data, size_t length, void *context,
                             strata_pdf_content_callback callback);

/// A PDF text string's bytes (UTF-16BE with its byte-order mark, UTF-8 with its mark, or
/// PDFDocEncoding) as UTF-8; malloc'd, terminated; `*out_length` its length. NULL on failure.
char *strata_pdf_text_to_utf8(const char *bytes, size_t length, size_t *out_length);

/// A PDF date ("D:YYYYMMDDHHmmSSOHH'mm'") as its parts; 0 when it is not one. `tz_minutes_west`
/// is minutes before UTC (as qpdf reports it).
int strata_pdf_parse_date(const char *bytes, size_t length, int *year, int *month, int *day, int *hour, int *minute,
                          int *second, int *tz_minutes_west);

/// Decodes a stream's `raw` bytes as its dictionary (PDF syntax, as qpdf unparses it) says, at
/// qpdf decode level `decode_level`, writing at most `limit` bytes. 0: decoded, `*out` malloc'd;
/// 1: its filters are not decoded at that level; 2: the data is damaged; 3: it decodes to more
/// than `limit` bytes.
int strata_pdf_decode_stream(const unsigned char *raw, size_t raw_length, const char *dictionary, size_t limit,
                             int decode_level, unsigned char **out, size_t *out_length);

#ifdef __cplusplus
}
#endif

#endif
