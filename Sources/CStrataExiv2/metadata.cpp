// Exif, IPTC and XMP through exiv2: read from image files in memory, set, and written back.
// Every exiv2 call is inside a try: exiv2 reports damaged files and unknown keys by throwing.
#include "strata_exiv2.h"

#ifdef STRATA_METADATA
#include <exiv2/exiv2.hpp>

#include <cmath>
#include <cstdlib>
#include <cstring>
#include <iterator>
#include <mutex>
#include <set>
#include <string>
#include <vector>

struct strata_exiv2_metadata {
    Exiv2::ExifData exif;
    Exiv2::IptcData iptc;
    Exiv2::XmpData xmp;
    /// Every entry in order (Exif, IPTC, XMP), made again after a change.
    std::vector<const Exiv2::Metadatum *> entries;
    bool stale = true;
    std::string scratch;
};

namespace {

std::mutex xmpToolkitLock;

void lockXMP(void *, bool lock) {
    if (lock) xmpToolkitLock.lock(); else xmpToolkitLock.unlock();
}

/// Once a process: exiv2 quiet (it logs warnings to stderr), BMFF (HEIF, AVIF) read, and Adobe's
/// XMP toolkit started with a lock, as exiv2 requires before threads use XMP.
void prepare() {
    static std::once_flag once;
    std::call_once(once, [] {
        Exiv2::LogMsg::setLevel(Exiv2::LogMsg::mute);
#ifdef EXV_ENABLE_BMFF
        Exiv2::enableBMFF(true);
#endif
        Exiv2::XmpParser::initialize(lockXMP, nullptr);
    });
}

void say(char *error, size_t length, const std::string &message) {
    if (!error || length == 0) return;
    std::strncpy(error, message.c_str(), length - 1);
    error[length - 1] = 0;
}

const Exiv2::Metadatum *entry(strata_exiv2_metadata *m, size_t index) {
    if (m->stale) {
        m->entries.clear();
        for (auto &d : m->exif) m->entries.push_back(&d);
        for (auto &d : m->iptc) m->entries.push_back(&d);
        for (auto &d : m->xmp) m->entries.push_back(&d);
        m->stale = false;
    }
    return index < m->entries.size() ? m->entries[index] : nullptr;
}

bool starts(const char *key, const char *family) { return std::strncmp(key, family, std::strlen(family)) == 0; }

template <typename Data, typename Key> void eraseAll(Data &data, const Key &key) {
    for (auto it = data.findKey(key); it != data.end(); it = data.findKey(key)) data.erase(it);
}

/// Entries of `from` replace those of the same key in `into`.
template <typename Data, typename Key> void merge(Data &into, const Data &from) {
    for (const auto &d : from) eraseAll(into, Key(d.key()));
    for (const auto &d : from) into.add(d);
}

}  // namespace

extern "C" {

int strata_exiv2_available(void) { return 1; }

strata_exiv2_metadata *strata_exiv2_read(const uint8_t *bytes, size_t length, char *error, size_t error_length) {
    prepare();
    if (!bytes || length == 0 || length > 0x7fffffff) {
        say(error, error_length, "no bytes");
        return nullptr;
    }
    try {
        Exiv2::Image::AutoPtr image = Exiv2::ImageFactory::open(bytes, static_cast<long>(length));
        if (image.get() == nullptr) return nullptr;
        image->readMetadata();
        auto *m = new strata_exiv2_metadata();
        m->exif = image->exifData();
        m->iptc = image->iptcData();
        m->xmp = image->xmpData();
        return m;
    } catch (const std::exception &e) {
        say(error, error_length, e.what());
    } catch (...) {
        say(error, error_length, "exiv2 failed");
    }
    return nullptr;
}

strata_exiv2_metadata *strata_exiv2_from_blocks(const uint8_t *exif, size_t exif_length, const char *xmp, size_t xmp_length) {
    prepare();
    auto *m = new strata_exiv2_metadata();
    try {
        if (exif && exif_length > 8 && exif_length < (64u << 20)) {
            Exiv2::ExifParser::decode(m->exif, exif, static_cast<uint32_t>(exif_length));
        }
        if (xmp && xmp_length > 0 && xmp_length < (64u << 20)) {
            Exiv2::XmpParser::decode(m->xmp, std::string(xmp, xmp_length));
        }
    } catch (...) {
    }
    return m;
}

strata_exiv2_metadata *strata_exiv2_create(void) {
    prepare();
    return new strata_exiv2_metadata();
}

void strata_exiv2_free(strata_exiv2_metadata *metadata) { delete metadata; }

size_t strata_exiv2_count(strata_exiv2_metadata *m) {
    entry(m, 0);
    return m->entries.size();
}

const char *strata_exiv2_key(strata_exiv2_metadata *m, size_t index) {
    auto d = entry(m, index);
    if (!d) return nullptr;
    try {
        m->scratch = d->key();
        return m->scratch.c_str();
    } catch (...) {
        return nullptr;
    }
}

int strata_exiv2_type(strata_exiv2_metadata *m, size_t index) {
    auto d = entry(m, index);
    return d ? static_cast<int>(d->typeId()) : 0;
}

long strata_exiv2_components(strata_exiv2_metadata *m, size_t index) {
    auto d = entry(m, index);
    return d ? d->count() : 0;
}

double strata_exiv2_number(strata_exiv2_metadata *m, size_t index, long component) {
    auto d = entry(m, index);
    if (!d || component < 0 || component >= d->count()) return NAN;
    try {
        switch (d->typeId()) {
        case Exiv2::unsignedRational:
        case Exiv2::signedRational: {
            auto r = d->toRational(component);
            return r.second == 0 ? NAN : static_cast<double>(r.first) / r.second;
        }
        case Exiv2::unsignedByte:
        case Exiv2::unsignedShort:
        case Exiv2::unsignedLong:
        case Exiv2::signedByte:
        case Exiv2::signedShort:
        case Exiv2::signedLong:
        case Exiv2::undefined:
        case Exiv2::tiffFloat:
        case Exiv2::tiffDouble:
        case Exiv2::tiffIfd:
            return d->toFloat(component);
        default:
            return NAN;
        }
    } catch (...) {
        return NAN;
    }
}

int strata_exiv2_rational(strata_exiv2_metadata *m, size_t index, long component, int64_t *numerator, int64_t *denominator) {
    auto d = entry(m, index);
    if (!d || component < 0 || component >= d->count()) return 0;
    if (d->typeId() != Exiv2::unsignedRational && d->typeId() != Exiv2::signedRational) return 0;
    try {
        auto r = d->toRational(component);
        // Unsigned rationals are read into signed pairs: give them back their range.
        bool unsignedValue = d->typeId() == Exiv2::unsignedRational;
        *numerator = unsignedValue ? static_cast<int64_t>(static_cast<uint32_t>(r.first)) : r.first;
        *denominator = unsignedValue ? static_cast<int64_t>(static_cast<uint32_t>(r.second)) : r.second;
        return 1;
    } catch (...) {
        return 0;
    }
}

const char *strata_exiv2_text(strata_exiv2_metadata *m, size_t index, long component) {
    auto d = entry(m, index);
    if (!d) return nullptr;
    try {
        const Exiv2::Value &value = d->value();
        if (value.typeId() == Exiv2::comment) {
            m->scratch = static_cast<const Exiv2::CommentValue &>(value).comment();
        } else if (value.typeId() == Exiv2::langAlt) {
            auto &alternatives = static_cast<const Exiv2::LangAltValue &>(value).value_;
            if (component < 0) {
                m->scratch = value.toString();
            } else if (component < static_cast<long>(alternatives.size())) {
                auto it = alternatives.begin();
                std::advance(it, component);
                m->scratch = it->second;
            } else {
                return nullptr;
            }
        } else if (component < 0) {
            m->scratch = value.toString();
        } else if (component < value.count()) {
            m->scratch = value.toString(component);
        } else {
            return nullptr;
        }
        return m->scratch.c_str();
    } catch (...) {
        return nullptr;
    }
}

const char *strata_exiv2_language(strata_exiv2_metadata *m, size_t index, long component) {
    auto d = entry(m, index);
    if (!d || component < 0) return nullptr;
    try {
        const Exiv2::Value &value = d->value();
        if (value.typeId() != Exiv2::langAlt) return nullptr;
        auto &alternatives = static_cast<const Exiv2::LangAltValue &>(value).value_;
        if (component >= static_cast<long>(alternatives.size())) return nullptr;
        auto it = alternatives.begin();
        std::advance(it, component);
        m->scratch = it->first;
        return m->scratch.c_str();
    } catch (...) {
        return nullptr;
    }
}

int strata_exiv2_set(strata_exiv2_metadata *m, const char *key, int type, const char *text) {
    if (!m || !key || !text) return 0;
    try {
        m->stale = true;
        if (starts(key, "Exif.")) {
            Exiv2::ExifKey k(key);
            auto value = Exiv2::Value::create(type ? static_cast<Exiv2::TypeId>(type) : k.defaultTypeId());
            if (value->read(text) != 0) return 0;
            eraseAll(m->exif, k);
            m->exif.add(k, value.get());
        } else if (starts(key, "Iptc.")) {
            Exiv2::IptcKey k(key);
            auto value = Exiv2::Value::create(
                type ? static_cast<Exiv2::TypeId>(type) : Exiv2::IptcDataSets::dataSetType(k.tag(), k.record()));
            if (value->read(text) != 0) return 0;
            eraseAll(m->iptc, k);
            m->iptc.add(k, value.get());
        } else if (starts(key, "Xmp.")) {
            Exiv2::XmpKey k(key);
            auto value = Exiv2::Value::create(type ? static_cast<Exiv2::TypeId>(type) : Exiv2::xmpText);
            if (value->read(text) != 0) return 0;
            eraseAll(m->xmp, k);
            m->xmp.add(k, value.get());
        } else {
            return 0;
        }
        return 1;
    } catch (...) {
        return 0;
    }
}

int strata_exiv2_append(strata_exiv2_metadata *m, const char *key, int array_type, const char *text) {
    if (!m || !key || !text) return 0;
    try {
        m->stale = true;
        if (starts(key, "Iptc.")) {
            Exiv2::IptcKey k(key);
            auto value = Exiv2::Value::create(Exiv2::IptcDataSets::dataSetType(k.tag(), k.record()));
            if (value->read(text) != 0) return 0;
            return m->iptc.add(k, value.get()) == 0;
        }
        if (!starts(key, "Xmp.")) return 0;
        Exiv2::XmpKey k(key);
        auto it = m->xmp.findKey(k);
        if (it != m->xmp.end()) {
            auto value = it->value().clone();
            if (value->read(text) != 0) return 0;
            it->setValue(value.get());
            return 1;
        }
        auto value = Exiv2::Value::create(array_type ? static_cast<Exiv2::TypeId>(array_type) : Exiv2::xmpBag);
        if (value->read(text) != 0) return 0;
        m->xmp.add(k, value.get());
        return 1;
    } catch (...) {
        return 0;
    }
}

int strata_exiv2_set_container(strata_exiv2_metadata *m, const char *key, int kind) {
    if (!m || !key || !starts(key, "Xmp.")) return 0;
    try {
        Exiv2::XmpKey k(key);
        Exiv2::XmpTextValue container;
        switch (kind) {
        case 0: container.setXmpStruct(); break;
        case Exiv2::xmpBag: container.setXmpArrayType(Exiv2::XmpValue::xaBag); break;
        case Exiv2::xmpSeq: container.setXmpArrayType(Exiv2::XmpValue::xaSeq); break;
        case Exiv2::xmpAlt: container.setXmpArrayType(Exiv2::XmpValue::xaAlt); break;
        default: return 0;
        }
        eraseAll(m->xmp, k);
        m->xmp.add(k, &container);
        m->stale = true;
        return 1;
    } catch (...) {
        return 0;
    }
}

int strata_exiv2_default_type(const char *key) {
    if (!key) return 0;
    prepare();
    try {
        if (starts(key, "Exif.")) return static_cast<int>(Exiv2::ExifKey(key).defaultTypeId());
        if (starts(key, "Iptc.")) {
            Exiv2::IptcKey k(key);
            return static_cast<int>(Exiv2::IptcDataSets::dataSetType(k.tag(), k.record()));
        }
        if (starts(key, "Xmp.")) {
            Exiv2::XmpKey k(key);
            return static_cast<int>(Exiv2::xmpText);
        }
    } catch (...) {
    }
    return 0;
}

void strata_exiv2_remove_prefixed(strata_exiv2_metadata *m, const char *prefix) {
    if (!m || !prefix) return;
    try {
        m->stale = true;
        for (auto it = m->exif.begin(); it != m->exif.end();) it = starts(it->key().c_str(), prefix) ? m->exif.erase(it) : std::next(it);
        for (auto it = m->iptc.begin(); it != m->iptc.end();) it = starts(it->key().c_str(), prefix) ? m->iptc.erase(it) : std::next(it);
        for (auto it = m->xmp.begin(); it != m->xmp.end();) it = starts(it->key().c_str(), prefix) ? m->xmp.erase(it) : std::next(it);
    } catch (...) {
    }
}

void strata_exiv2_remove(strata_exiv2_metadata *m, const char *key) {
    if (!m || !key) return;
    try {
        m->stale = true;
        if (starts(key, "Exif.")) eraseAll(m->exif, Exiv2::ExifKey(key));
        else if (starts(key, "Iptc.")) eraseAll(m->iptc, Exiv2::IptcKey(key));
        else if (starts(key, "Xmp.")) eraseAll(m->xmp, Exiv2::XmpKey(key));
    } catch (...) {
    }
}

int strata_exiv2_register_namespace(const char *uri, const char *prefix) {
    prepare();
    try {
        Exiv2::XmpProperties::registerNs(uri, prefix);
        return 1;
    } catch (...) {
        return 0;
    }
}

void strata_exiv2_add_xmp_from_exif_and_iptc(strata_exiv2_metadata *m) {
    if (!m) return;
    try {
        Exiv2::XmpData converted;
        Exiv2::copyExifToXmp(m->exif, converted);
        Exiv2::copyIptcToXmp(m->iptc, converted);
        std::set<std::string> had;
        for (const auto &d : m->xmp) had.insert(d.key());
        for (const auto &d : converted) {
            if (!had.count(d.key())) m->xmp.add(d);
        }
        m->stale = true;
    } catch (...) {
    }
}

void strata_exiv2_add_exif_and_iptc_from_xmp(strata_exiv2_metadata *m) {
    if (!m) return;
    try {
        Exiv2::ExifData exif;
        Exiv2::IptcData iptc;
        Exiv2::copyXmpToExif(m->xmp, exif);
        Exiv2::copyXmpToIptc(m->xmp, iptc);
        // Keys present before: a repeated dataset (Keywords) converts to several entries of one key.
        std::set<std::string> had;
        for (const auto &d : m->exif) had.insert(d.key());
        for (const auto &d : m->iptc) had.insert(d.key());
        for (const auto &d : exif) {
            if (!had.count(d.key())) m->exif.add(d);
        }
        for (const auto &d : iptc) {
            if (!had.count(d.key())) m->iptc.add(d);
        }
        m->stale = true;
    } catch (...) {
    }
}

char *strata_exiv2_xmp_packet(strata_exiv2_metadata *m, size_t *length) {
    if (!m) return nullptr;
    prepare();
    try {
        std::string packet;
        if (Exiv2::XmpParser::encode(packet, m->xmp, Exiv2::XmpParser::useCompactFormat) != 0) return nullptr;
        auto *out = static_cast<char *>(std::malloc(packet.size() + 1));
        if (!out) return nullptr;
        std::memcpy(out, packet.c_str(), packet.size() + 1);
        *length = packet.size();
        return out;
    } catch (...) {
        return nullptr;
    }
}

uint8_t *strata_exiv2_exif_block(strata_exiv2_metadata *m, size_t *length) {
    if (!m || m->exif.empty()) return nullptr;
    try {
        Exiv2::Blob blob;
        Exiv2::ExifParser::encode(blob, Exiv2::littleEndian, m->exif);
        if (blob.empty()) return nullptr;
        auto *out = static_cast<uint8_t *>(std::malloc(blob.size()));
        if (!out) return nullptr;
        std::memcpy(out, blob.data(), blob.size());
        *length = blob.size();
        return out;
    } catch (...) {
        return nullptr;
    }
}

strata_exiv2_metadata *strata_exiv2_from_xmp_packet(const char *packet, size_t length) {
    prepare();
    if (!packet || length == 0 || length > (64u << 20)) return nullptr;
    try {
        auto *m = new strata_exiv2_metadata();
        if (Exiv2::XmpParser::decode(m->xmp, std::string(packet, length)) != 0) {
            delete m;
            return nullptr;
        }
        return m;
    } catch (...) {
        return nullptr;
    }
}

const char *strata_exiv2_xmp_namespace(const char *prefix) {
    prepare();
    thread_local std::string answer;
    try {
        answer = Exiv2::XmpProperties::ns(prefix);
        return answer.empty() ? nullptr : answer.c_str();
    } catch (...) {
        return nullptr;
    }
}

const char *strata_exiv2_xmp_prefix(const char *uri) {
    prepare();
    thread_local std::string answer;
    try {
        answer = Exiv2::XmpProperties::prefix(uri);
        return answer.empty() ? nullptr : answer.c_str();
    } catch (...) {
        return nullptr;
    }
}

uint8_t *strata_exiv2_write(
    const uint8_t *bytes, size_t length, strata_exiv2_metadata *m, int replace, size_t *written_length, char *error,
    size_t error_length) {
    prepare();
    if (!bytes || !m || length == 0 || length > 0x7fffffff) {
        say(error, error_length, "no bytes");
        return nullptr;
    }
    try {
        Exiv2::Image::AutoPtr image = Exiv2::ImageFactory::open(bytes, static_cast<long>(length));
        if (image.get() == nullptr) return nullptr;
        image->readMetadata();
        if (replace) {
            image->setExifData(m->exif);
            image->setIptcData(m->iptc);
            image->setXmpData(m->xmp);
        } else {
            merge<Exiv2::ExifData, Exiv2::ExifKey>(image->exifData(), m->exif);
            merge<Exiv2::IptcData, Exiv2::IptcKey>(image->iptcData(), m->iptc);
            merge<Exiv2::XmpData, Exiv2::XmpKey>(image->xmpData(), m->xmp);
        }
        image->writeMetadata();
        Exiv2::BasicIo &io = image->io();
        io.seek(0, Exiv2::BasicIo::beg);
        long size = io.size();
        auto *out = static_cast<uint8_t *>(std::malloc(size > 0 ? size : 1));
        if (!out) return nullptr;
        long got = io.read(out, size);
        if (got != size) {
            std::free(out);
            say(error, error_length, "short read of the written file");
            return nullptr;
        }
        *written_length = static_cast<size_t>(size);
        return out;
    } catch (const std::exception &e) {
        say(error, error_length, e.what());
    } catch (...) {
        say(error, error_length, "exiv2 failed");
    }
    return nullptr;
}

}  // extern "C"

#else  // Built without the Metadata trait: no entries are ever found, nothing is written.

extern "C" {
struct strata_exiv2_metadata {};
int strata_exiv2_available(void) { return 0; }
strata_exiv2_metadata *strata_exiv2_read(const uint8_t *, size_t, char *, size_t) { return nullptr; }
strata_exiv2_metadata *strata_exiv2_from_blocks(const uint8_t *, size_t, const char *, size_t) { return nullptr; }
strata_exiv2_metadata *strata_exiv2_create(void) { return nullptr; }
void strata_exiv2_free(strata_exiv2_metadata *) {}
size_t strata_exiv2_count(strata_exiv2_metadata *) { return 0; }
const char *strata_exiv2_key(strata_exiv2_metadata *, size_t) { return nullptr; }
int strata_exiv2_type(strata_exiv2_metadata *, size_t) { return 0; }
long strata_exiv2_components(strata_exiv2_metadata *, size_t) { return 0; }
double strata_exiv2_number(strata_exiv2_metadata *, size_t, long) { return 0.0 / 0.0; }
int strata_exiv2_rational(strata_exiv2_metadata *, size_t, long, int64_t *, int64_t *) { return 0; }
const char *strata_exiv2_text(strata_exiv2_metadata *, size_t, long) { return nullptr; }
const char *strata_exiv2_language(strata_exiv2_metadata *, size_t, long) { return nullptr; }
int strata_exiv2_set(strata_exiv2_metadata *, const char *, int, const char *) { return 0; }
int strata_exiv2_append(strata_exiv2_metadata *, const char *, int, const char *) { return 0; }
int strata_exiv2_set_container(strata_exiv2_metadata *, const char *, int) { return 0; }
int strata_exiv2_default_type(const char *) { return 0; }
void strata_exiv2_remove_prefixed(strata_exiv2_metadata *, const char *) {}
void strata_exiv2_remove(strata_exiv2_metadata *, const char *) {}
int strata_exiv2_register_namespace(const char *, const char *) { return 0; }
void strata_exiv2_add_xmp_from_exif_and_iptc(strata_exiv2_metadata *) {}
void strata_exiv2_add_exif_and_iptc_from_xmp(strata_exiv2_metadata *) {}
char *strata_exiv2_xmp_packet(strata_exiv2_metadata *, size_t *) { return nullptr; }
uint8_t *strata_exiv2_exif_block(strata_exiv2_metadata *, size_t *) { return nullptr; }
strata_exiv2_metadata *strata_exiv2_from_xmp_packet(const char *, size_t) { return nullptr; }
const char *strata_exiv2_xmp_namespace(const char *) { return nullptr; }
const char *strata_exiv2_xmp_prefix(const char *) { return nullptr; }
uint8_t *strata_exiv2_write(const uint8_t *, size_t, strata_exiv2_metadata *, int, size_t *, char *, size_t) { return nullptr; }
}

#endif
