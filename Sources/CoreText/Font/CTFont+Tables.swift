import CoreGraphics
import Foundation

// Font tables (Apple's CTFont.h): raw SFNT tables by tag, as HarfBuzz reads the face.

/// A table's four-letter tag as a number ('head' is 0x68656164).
public typealias CTFontTableTag = FourCharCode

/// Options of table copies (none changes what Strata copies).
public struct CTFontTableOptions: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    @available(*, deprecated, message: "Unsupported: synthetic tables are never made")
    public static let excludeSynthetic = CTFontTableOptions(rawValue: 1 << 0)
}

/// The tags of the font's tables (numbers); nil when it has none.
public func CTFontCopyAvailableTables(_ font: CTFont, _ options: CTFontTableOptions) -> CFArray? {
    let tags = font.face.tableTags
    return tags.isEmpty ? nil : tags.map { NSNumber(value: $0) }
}

/// The bytes of table `table`; nil when the font has none.
public func CTFontCopyTable(_ font: CTFont, _ table: CTFontTableTag, _ options: CTFontTableOptions) -> CFData? {
    font.face.table(table)
}

// The tags (anonymous-enum constants, `Int` in Swift as on Apple platforms).

public let kCTFontTableBASE: Int = 0x42415345  // 'BASE'
public let kCTFontTableCBDT: Int = 0x43424454  // 'CBDT'
public let kCTFontTableCBLC: Int = 0x43424C43  // 'CBLC'
public let kCTFontTableCFF: Int = 0x43464620  // 'CFF '
public let kCTFontTableCFF2: Int = 0x43464632  // 'CFF2'
public let kCTFontTableCOLR: Int = 0x434F4C52  // 'COLR'
public let kCTFontTableCPAL: Int = 0x4350414C  // 'CPAL'
public let kCTFontTableDSIG: Int = 0x44534947  // 'DSIG'
public let kCTFontTableEBDT: Int = 0x45424454  // 'EBDT'
public let kCTFontTableEBLC: Int = 0x45424C43  // 'EBLC'
public let kCTFontTableEBSC: Int = 0x45425343  // 'EBSC'
public let kCTFontTableGDEF: Int = 0x47444546  // 'GDEF'
public let kCTFontTableGPOS: Int = 0x47504F53  // 'GPOS'
public let kCTFontTableGSUB: Int = 0x47535542  // 'GSUB'
public let kCTFontTableHVAR: Int = 0x48564152  // 'HVAR'
public let kCTFontTableJSTF: Int = 0x4A535446  // 'JSTF'
public let kCTFontTableLTSH: Int = 0x4C545348  // 'LTSH'
public let kCTFontTableMATH: Int = 0x4D415448  // 'MATH'
public let kCTFontTableMERG: Int = 0x4D455247  // 'MERG'
public let kCTFontTableMVAR: Int = 0x4D564152  // 'MVAR'
public let kCTFontTableOS2: Int = 0x4F532F32  // 'OS/2'
public let kCTFontTablePCLT: Int = 0x50434C54  // 'PCLT'
public let kCTFontTableSTAT: Int = 0x53544154  // 'STAT'
public let kCTFontTableSVG: Int = 0x53564720  // 'SVG '
public let kCTFontTableVDMX: Int = 0x56444D58  // 'VDMX'
public let kCTFontTableVORG: Int = 0x564F5247  // 'VORG'
public let kCTFontTableVVAR: Int = 0x56564152  // 'VVAR'
public let kCTFontTableZapf: Int = 0x5A617066  // 'Zapf'
public let kCTFontTableAcnt: Int = 0x61636E74  // 'acnt'
public let kCTFontTableAnkr: Int = 0x616E6B72  // 'ankr'
public let kCTFontTableAvar: Int = 0x61766172  // 'avar'
public let kCTFontTableBdat: Int = 0x62646174  // 'bdat'
public let kCTFontTableBhed: Int = 0x62686564  // 'bhed'
public let kCTFontTableBloc: Int = 0x626C6F63  // 'bloc'
public let kCTFontTableBsln: Int = 0x62736C6E  // 'bsln'
public let kCTFontTableCidg: Int = 0x63696467  // 'cidg'
public let kCTFontTableCmap: Int = 0x636D6170  // 'cmap'
public let kCTFontTableCvar: Int = 0x63766172  // 'cvar'
public let kCTFontTableCvt: Int = 0x63767420  // 'cvt '
public let kCTFontTableFdsc: Int = 0x66647363  // 'fdsc'
public let kCTFontTableFeat: Int = 0x66656174  // 'feat'
public let kCTFontTableFmtx: Int = 0x666D7478  // 'fmtx'
public let kCTFontTableFond: Int = 0x666F6E64  // 'fond'
public let kCTFontTableFpgm: Int = 0x6670676D  // 'fpgm'
public let kCTFontTableFvar: Int = 0x66766172  // 'fvar'
public let kCTFontTableGasp: Int = 0x67617370  // 'gasp'
public let kCTFontTableGlyf: Int = 0x676C7966  // 'glyf'
public let kCTFontTableGvar: Int = 0x67766172  // 'gvar'
public let kCTFontTableHdmx: Int = 0x68646D78  // 'hdmx'
public let kCTFontTableHead: Int = 0x68656164  // 'head'
public let kCTFontTableHhea: Int = 0x68686561  // 'hhea'
public let kCTFontTableHmtx: Int = 0x686D7478  // 'hmtx'
public let kCTFontTableHsty: Int = 0x68737479  // 'hsty'
public let kCTFontTableJust: Int = 0x6A757374  // 'just'
public let kCTFontTableKern: Int = 0x6B65726E  // 'kern'
public let kCTFontTableKerx: Int = 0x6B657278  // 'kerx'
public let kCTFontTableLcar: Int = 0x6C636172  // 'lcar'
public let kCTFontTableLoca: Int = 0x6C6F6361  // 'loca'
public let kCTFontTableLtag: Int = 0x6C746167  // 'ltag'
public let kCTFontTableMaxp: Int = 0x6D617870  // 'maxp'
public let kCTFontTableMeta: Int = 0x6D657461  // 'meta'
public let kCTFontTableMort: Int = 0x6D6F7274  // 'mort'
public let kCTFontTableMorx: Int = 0x6D6F7278  // 'morx'
public let kCTFontTableName: Int = 0x6E616D65  // 'name'
public let kCTFontTableOpbd: Int = 0x6F706264  // 'opbd'
public let kCTFontTablePost: Int = 0x706F7374  // 'post'
public let kCTFontTablePrep: Int = 0x70726570  // 'prep'
public let kCTFontTableProp: Int = 0x70726F70  // 'prop'
public let kCTFontTableSbit: Int = 0x73626974  // 'sbit'
public let kCTFontTableSbix: Int = 0x73626978  // 'sbix'
public let kCTFontTableTrak: Int = 0x7472616B  // 'trak'
public let kCTFontTableVhea: Int = 0x76686561  // 'vhea'
public let kCTFontTableVmtx: Int = 0x766D7478  // 'vmtx'
public let kCTFontTableXref: Int = 0x78726566  // 'xref'
