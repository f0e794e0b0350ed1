// The C++ half of strata_pdf.h: qpdf's content-stream parser and string helpers behind C calls.
#include "strata_pdf.h"

#include <qpdf/Pipeline.hh>
#include <qpdf/QPDF.hh>
#include <qpdf/QPDFObjectHandle.hh>
#include <qpdf/QUtil.hh>

#include <cstdlib>
#include <cstring>
#include <string>

namespace {

/// Operand nesting deeper than this is refused (a hostile stream must not exhaust the stack).
constexpr int kMostDepth = 64;

class Stop {};

class Events : public QPDFObjectHandle::ParserCallbacks {
  public:
    Events(void *context, strata_pdf_content_callback callback) : context_(context), callback_(callback) {}

    void handleObject(QPDFObjectHandle object, size_t, size_t) override {
        if (!send(object, 0)) terminateParsing();
    }

    void handleEOF() override {}

    bool stopped = false;
    bool tooDeep = false;

  private:
    bool emit(strata_pdf_event event, const std::string &bytes = std::string(), long long integer = 0, double real = 0) {
        if (callback_(context_, event, bytes.data(), bytes.size(), integer, real) != 0) {
            stopped = true;
            return false;
        }
        return true;
    }

    static std::string withoutSlash(const std::string &name) { return name.empty() || name[0] != '/' ? name : name.substr(1); }

    bool send(QPDFObjectHandle object, int depth) {
        if (depth > kMostDepth) {
            tooDeep = true;
            return false;
        }
        switch (object.getTypeCode()) {
        case ::ot_operator: return emit(STRATA_PDF_OPERATOR, object.getOperatorValue());
        case ::ot_inlineimage: {
            // qpdf keeps the white space written before "EI"; it separates, it is not data.
            std::string data = object.getInlineImageValue();
            if (!data.empty() && (data.back() == ' ' || data.back() == '\n' || data.back() == '\r')) {
                bool crlf = data.size() >= 2 && data.back() == '\n' && data[data.size() - 2] == '\r';
                data.resize(data.size() - (crlf ? 2 : 1));
            }
            return emit(STRATA_PDF_INLINE_IMAGE, data);
        }
        case ::ot_boolean: return emit(STRATA_PDF_BOOLEAN, std::string(), object.getBoolValue() ? 1 : 0);
        case ::ot_integer: return emit(STRATA_PDF_INTEGER, std::string(), object.getIntValue());
        case ::ot_real: return emit(STRATA_PDF_REAL, std::string(), 0, object.getNumericValue());
        case ::ot_name: return emit(STRATA_PDF_NAME, withoutSlash(object.getName()));
        case ::ot_string: return emit(STRATA_PDF_STRING, object.getStringValue());
        case ::ot_array: {
            if (!emit(STRATA_PDF_ARRAY_BEGIN)) return false;
            for (auto item : object.aitems())
                if (!send(item, depth + 1)) return false;
            return emit(STRATA_PDF_ARRAY_END);
        }
        case ::ot_dictionary: {
            if (!emit(STRATA_PDF_DICTIONARY_BEGIN)) return false;
            for (auto item : object.ditems()) {
                if (!emit(STRATA_PDF_KEY, withoutSlash(item.first))) return false;
                if (!send(item.second, depth + 1)) return false;
            }
            return emit(STRATA_PDF_DICTIONARY_END);
        }
        default: return emit(STRATA_PDF_NULL);
        }
    }

    void *context_;
    strata_pdf_content_callback callback_;
};

} // namespace

extern "C" int strata_pdf_parse_content(const unsigned char *data, size_t length, void *context,
                                        strata_pdf_content_callback callback) {
    if (!callback) return 1;
    Events events(context, callback);
    try {
        QPDF pdf;
        pdf.setSuppressWarnings(true);
        pdf.emptyPDF();
        std::string bytes(reinterpret_cast<const char *>(data ? data : reinterpret_cast<const unsigned char *>("")), data ? length : 0);
        QPDFObjectHandle stream = QPDFObjectHandle::newStream(&pdf, bytes);
        stream.parseAsContents(&events);
        // qpdf reads past damage with a warning (a string left open, a bad token): damaged.
        if (!events.stopped && pdf.anyWarnings()) return 1;
    } catch (...) {
        return events.stopped ? 2 : 1;
    }
    if (events.stopped) return 2;
    return events.tooDeep ? 1 : 0;
}

extern "C" char *strata_pdf_text_to_utf8(const char *bytes, size_t length, size_t *out_length) {
    try {
        std::string utf8 = QPDFObjectHandle::newString(std::string(bytes ? bytes : "", bytes ? length : 0)).getUTF8Value();
        char *out = static_cast<char *>(std::malloc(utf8.size() + 1));
        if (!out) return nullptr;
        std::memcpy(out, utf8.data(), utf8.size());
        out[utf8.size()] = 0;
        if (out_length) *out_length = utf8.size();
        return out;
    } catch (...) {
        return nullptr;
    }
}

extern "C" int strata_pdf_parse_date(const char *bytes, size_t length, int *year, int *month, int *day, int *hour,
                                     int *minute, int *second, int *tz_minutes_west) {
    try {
        QUtil::QPDFTime time;
        if (!QUtil::pdf_time_to_qpdf_time(std::string(bytes ? bytes : "", bytes ? length : 0), &time)) return 0;
        *year = time.year;
        *month = time.month;
        *day = time.day;
        *hour = time.hour;
        *minute = time.minute;
        *second = time.second;
        *tz_minutes_west = time.tz_delta;
        return 1;
    } catch (...) {
        return 0;
    }
}

namespace {

class TooLarge {};

/// Collects what a stream decodes to, refusing more than `limit` bytes (a small compressed
/// stream may claim gigabytes).
class Bounded : public Pipeline {
  public:
    explicit Bounded(size_t limit) : Pipeline("strata bounded", nullptr), limit_(limit) {}
    void write(unsigned char const *data, size_t length) override {
        if (length > limit_ - bytes.size()) {
            over = true;
            throw TooLarge();
        }
        bytes.append(reinterpret_cast<const char *>(data), length);
    }
    void finish() override {}
    std::string bytes;
    bool over = false;

  private:
    size_t limit_;
};

} // namespace

extern "C" int strata_pdf_decode_stream(const unsigned char *raw, size_t raw_length, const char *dictionary, size_t limit,
                                        int decode_level, unsigned char **out, size_t *out_length) {
    if (!out || !out_length) return 2;
    *out = nullptr;
    *out_length = 0;
    try {
        QPDF pdf;
        pdf.setSuppressWarnings(true);
        pdf.emptyPDF();
        QPDFObjectHandle dict = QPDFObjectHandle::parse(&pdf, dictionary ? dictionary : "<<>>");
        if (!dict.isDictionary()) return 2;
        std::string bytes(reinterpret_cast<const char *>(raw ? raw : reinterpret_cast<const unsigned char *>("")), raw ? raw_length : 0);
        QPDFObjectHandle stream = QPDFObjectHandle::newStream(&pdf, bytes);
        dict.replaceKey("/Length", QPDFObjectHandle::newInteger(static_cast<long long>(bytes.size())));
        stream.replaceDict(dict);
        Bounded sink(limit);
        bool attempted = false;
        bool ok = stream.pipeStreamData(&sink, &attempted, 0, static_cast<qpdf_stream_decode_level_e>(decode_level), true, false);
        if (sink.over) return 3;
        if (!attempted) return 1;
        if (!ok) return 2;
        unsigned char *copy = static_cast<unsigned char *>(std::malloc(sink.bytes.size() + 1));
        if (!copy) return 3;
        std::memcpy(copy, sink.bytes.data(), sink.bytes.size());
        *out = copy;
        *out_length = sink.bytes.size();
        return 0;
    } catch (TooLarge &) {
        return 3;
    } catch (...) {
        return 2;
    }
}
