// Image metadata (Exif, IPTC, XMP) read from and written into image files in memory through
// exiv2 (Debian's libexiv2), behind a few C calls for ImageIO.
#ifndef STRATA_EXIV2_H
#define STRATA_EXIV2_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Metadata entries: Exif, IPTC and XMP data, each entry named by exiv2's key
/// ("Exif.Photo.FNumber", "Iptc.Application2.Keywords", "Xmp.dc.title").
typedef struct strata_exiv2_metadata strata_exiv2_metadata;

/// 1 when Strata was built with exiv2 (the Metadata trait); 0 when every call finds nothing.
int strata_exiv2_available(void);

/// The metadata of an image file of `length` bytes; NULL when exiv2 does not read its format or
/// the file is damaged (`error`, when not NULL, then holds exiv2's reason, cut to `error_length`).
strata_exiv2_metadata *strata_exiv2_read(const uint8_t *bytes, size_t length, char *error, size_t error_length);
/// The metadata of an Exif block (a TIFF structure: "II*" or "MM*" first) and an XMP packet, as a
/// container exiv2 does not read keeps them (HEIF's Exif and XMP items); either may be NULL.
strata_exiv2_metadata *strata_exiv2_from_blocks(const uint8_t *exif, size_t exif_length, const char *xmp, size_t xmp_length);
/// Empty metadata, to be filled with `strata_exiv2_set` and written with `strata_exiv2_write`.
strata_exiv2_metadata *strata_exiv2_create(void);
void strata_exiv2_free(strata_exiv2_metadata *metadata);

/// Entries held (Exif first, then IPTC, then XMP).
size_t strata_exiv2_count(strata_exiv2_metadata *metadata);
/// Entry `index`'s key; valid until the metadata changes or is freed.
const char *strata_exiv2_key(strata_exiv2_metadata *metadata, size_t index);
/// Entry `index`'s exiv2 type (`Exiv2::TypeId`: 1 byte, 2 ascii, 3 short, 4 long, 5 rational,
/// 7 undefined, 8 signed short, 9 signed long, 10 signed rational, 0x10000 string, 0x10001 date,
/// 0x10002 time, 0x10003 comment, 0x10004 directory, 0x10005 XMP text, 0x10006 XMP alt,
/// 0x10007 XMP bag, 0x10008 XMP seq, 0x10009 language alternatives).
int strata_exiv2_type(strata_exiv2_metadata *metadata, size_t index);
/// Components of entry `index` (numbers, bytes, or an XMP array's items).
long strata_exiv2_components(strata_exiv2_metadata *metadata, size_t index);
/// Component `component` of entry `index` as a number (a rational divided out; NaN when it is not one).
double strata_exiv2_number(strata_exiv2_metadata *metadata, size_t index, long component);
/// The numerator and denominator of rational component `component` (0 when it is not one).
int strata_exiv2_rational(strata_exiv2_metadata *metadata, size_t index, long component, int64_t *numerator, int64_t *denominator);
/// Entry `index` as text (`component` -1: the whole value; an XMP array's item or a language
/// alternative otherwise; a comment without its character-set prefix). Valid until the next call.
const char *strata_exiv2_text(strata_exiv2_metadata *metadata, size_t index, long component);
/// The language of an XMP language alternative's item (NULL for other entries).
const char *strata_exiv2_language(strata_exiv2_metadata *metadata, size_t index, long component);

/// Sets `key` to `text`, read as the key's own type (Exif and IPTC tags know theirs; XMP is text)
/// or as `type` when it is not 0 (an `Exiv2::TypeId`); replaces an entry of that key. 0 when exiv2
/// does not know the key or cannot read the text as its type.
int strata_exiv2_set(strata_exiv2_metadata *metadata, const char *key, int type, const char *text);
/// Adds `text` as one more item of `key`: a repeated IPTC dataset (Keywords), or an item of an XMP
/// array of `array_type` (0x10007 bag, 0x10008 seq, 0x10006 alt) made when absent. 0 on failure.
int strata_exiv2_append(strata_exiv2_metadata *metadata, const char *key, int array_type, const char *text);
/// The type exiv2 reads `key`'s values as (an `Exiv2::TypeId`); 0 for a key it does not know.
int strata_exiv2_default_type(const char *key);
/// Adds an empty XMP container at `key` for the entries below it ("key/ns:field", "key[1]"):
/// `kind` 0 a structure, 0x10007 a bag, 0x10008 a sequence, 0x10006 an alternative array.
int strata_exiv2_set_container(strata_exiv2_metadata *metadata, const char *key, int kind);
/// Removes every entry whose key starts with `prefix` ("Exif.GPSInfo.", "Xmp.").
void strata_exiv2_remove_prefixed(strata_exiv2_metadata *metadata, const char *prefix);
/// Removes every entry of `key`.
void strata_exiv2_remove(strata_exiv2_metadata *metadata, const char *key);
/// Registers an XMP namespace (`prefix` for `uri`) so that keys may name it.
int strata_exiv2_register_namespace(const char *uri, const char *prefix);

/// Adds to the XMP entries what the Exif and IPTC entries say (exiv2's conversions: exif:,
/// tiff:, dc:, photoshop:, Iptc4xmpCore:…), where the XMP does not already say it.
void strata_exiv2_add_xmp_from_exif_and_iptc(strata_exiv2_metadata *metadata);
/// Adds to the Exif and IPTC entries what the XMP entries say, where they do not already say it.
void strata_exiv2_add_exif_and_iptc_from_xmp(strata_exiv2_metadata *metadata);
/// The XMP entries as an XMP packet (RDF/XML) in a buffer the caller frees; NULL on failure.
char *strata_exiv2_xmp_packet(strata_exiv2_metadata *metadata, size_t *length);
/// The Exif entries as an Exif block (a little-endian TIFF structure, as HEIF's Exif item holds
/// after its offset) in a buffer the caller frees; NULL when there are none or on failure.
uint8_t *strata_exiv2_exif_block(strata_exiv2_metadata *metadata, size_t *length);
/// Metadata holding the XMP entries of an XMP packet; NULL when it is not one.
strata_exiv2_metadata *strata_exiv2_from_xmp_packet(const char *packet, size_t length);
/// The namespace URI exiv2 knows for XMP prefix `prefix` (its own prefixes: "iptc" for IPTC
/// Core), or the prefix it uses for namespace `uri`; NULL when unknown. Valid until the next call
/// on the same thread.
const char *strata_exiv2_xmp_namespace(const char *prefix);
const char *strata_exiv2_xmp_prefix(const char *uri);

/// The image file of `length` bytes with `metadata` written into it (entries of the same keys
/// replaced, others kept, unless `replace` is 1: then only `metadata`'s), in a buffer the caller
/// frees with `free`; NULL when exiv2 cannot write that format (`error` says why).
uint8_t *strata_exiv2_write(
    const uint8_t *bytes, size_t length, strata_exiv2_metadata *metadata, int replace, size_t *written_length,
    char *error, size_t error_length);

#ifdef __cplusplus
}
#endif

#endif
