import Foundation

// Apple's deprecated spellings of enumeration cases (Swift imports them as static members).

extension CTFontUIFontType {
    @available(*, deprecated, renamed: "none")
    public static var kCTFontNoFontType: CTFontUIFontType { .`none` }
    @available(*, deprecated, renamed: "user")
    public static var kCTFontUserFontType: CTFontUIFontType { .user }
    @available(*, deprecated, renamed: "userFixedPitch")
    public static var kCTFontUserFixedPitchFontType: CTFontUIFontType { .userFixedPitch }
    @available(*, deprecated, renamed: "system")
    public static var kCTFontSystemFontType: CTFontUIFontType { .system }
    @available(*, deprecated, renamed: "emphasizedSystem")
    public static var kCTFontEmphasizedSystemFontType: CTFontUIFontType { .emphasizedSystem }
    @available(*, deprecated, renamed: "smallSystem")
    public static var kCTFontSmallSystemFontType: CTFontUIFontType { .smallSystem }
    @available(*, deprecated, renamed: "smallEmphasizedSystem")
    public static var kCTFontSmallEmphasizedSystemFontType: CTFontUIFontType { .smallEmphasizedSystem }
    @available(*, deprecated, renamed: "miniSystem")
    public static var kCTFontMiniSystemFontType: CTFontUIFontType { .miniSystem }
    @available(*, deprecated, renamed: "miniEmphasizedSystem")
    public static var kCTFontMiniEmphasizedSystemFontType: CTFontUIFontType { .miniEmphasizedSystem }
    @available(*, deprecated, renamed: "views")
    public static var kCTFontViewsFontType: CTFontUIFontType { .views }
    @available(*, deprecated, renamed: "application")
    public static var kCTFontApplicationFontType: CTFontUIFontType { .application }
    @available(*, deprecated, renamed: "label")
    public static var kCTFontLabelFontType: CTFontUIFontType { .label }
    @available(*, deprecated, renamed: "menuTitle")
    public static var kCTFontMenuTitleFontType: CTFontUIFontType { .menuTitle }
    @available(*, deprecated, renamed: "menuItem")
    public static var kCTFontMenuItemFontType: CTFontUIFontType { .menuItem }
    @available(*, deprecated, renamed: "menuItemMark")
    public static var kCTFontMenuItemMarkFontType: CTFontUIFontType { .menuItemMark }
    @available(*, deprecated, renamed: "menuItemCmdKey")
    public static var kCTFontMenuItemCmdKeyFontType: CTFontUIFontType { .menuItemCmdKey }
    @available(*, deprecated, renamed: "windowTitle")
    public static var kCTFontWindowTitleFontType: CTFontUIFontType { .windowTitle }
    @available(*, deprecated, renamed: "pushButton")
    public static var kCTFontPushButtonFontType: CTFontUIFontType { .pushButton }
    @available(*, deprecated, renamed: "utilityWindowTitle")
    public static var kCTFontUtilityWindowTitleFontType: CTFontUIFontType { .utilityWindowTitle }
    @available(*, deprecated, renamed: "alertHeader")
    public static var kCTFontAlertHeaderFontType: CTFontUIFontType { .alertHeader }
    @available(*, deprecated, renamed: "systemDetail")
    public static var kCTFontSystemDetailFontType: CTFontUIFontType { .systemDetail }
    @available(*, deprecated, renamed: "emphasizedSystemDetail")
    public static var kCTFontEmphasizedSystemDetailFontType: CTFontUIFontType { .emphasizedSystemDetail }
    @available(*, deprecated, renamed: "toolbar")
    public static var kCTFontToolbarFontType: CTFontUIFontType { .toolbar }
    @available(*, deprecated, renamed: "smallToolbar")
    public static var kCTFontSmallToolbarFontType: CTFontUIFontType { .smallToolbar }
    @available(*, deprecated, renamed: "message")
    public static var kCTFontMessageFontType: CTFontUIFontType { .message }
    @available(*, deprecated, renamed: "palette")
    public static var kCTFontPaletteFontType: CTFontUIFontType { .palette }
    @available(*, deprecated, renamed: "toolTip")
    public static var kCTFontToolTipFontType: CTFontUIFontType { .toolTip }
    @available(*, deprecated, renamed: "controlContent")
    public static var kCTFontControlContentFontType: CTFontUIFontType { .controlContent }
}

extension CTFontOrientation {
    @available(*, deprecated, renamed: "default")
    public static var kCTFontDefaultOrientation: CTFontOrientation { .`default` }
    @available(*, deprecated, renamed: "horizontal")
    public static var kCTFontHorizontalOrientation: CTFontOrientation { .horizontal }
    @available(*, deprecated, renamed: "vertical")
    public static var kCTFontVerticalOrientation: CTFontOrientation { .vertical }
}

extension CTCharacterCollection {
    @available(*, deprecated, renamed: "identityMapping")
    public static var kCTIdentityMappingCharacterCollection: CTCharacterCollection { .identityMapping }
    @available(*, deprecated, renamed: "adobeCNS1")
    public static var kCTAdobeCNS1CharacterCollection: CTCharacterCollection { .adobeCNS1 }
    @available(*, deprecated, renamed: "adobeGB1")
    public static var kCTAdobeGB1CharacterCollection: CTCharacterCollection { .adobeGB1 }
    @available(*, deprecated, renamed: "adobeJapan1")
    public static var kCTAdobeJapan1CharacterCollection: CTCharacterCollection { .adobeJapan1 }
    @available(*, deprecated, renamed: "adobeJapan2")
    public static var kCTAdobeJapan2CharacterCollection: CTCharacterCollection { .adobeJapan2 }
    @available(*, deprecated, renamed: "adobeKorea1")
    public static var kCTAdobeKorea1CharacterCollection: CTCharacterCollection { .adobeKorea1 }
}

extension CTTextAlignment {
    @available(*, deprecated, renamed: "right")
    public static var kCTRightTextAlignment: CTTextAlignment { .right }
    @available(*, deprecated, renamed: "center")
    public static var kCTCenterTextAlignment: CTTextAlignment { .center }
    @available(*, deprecated, renamed: "justified")
    public static var kCTJustifiedTextAlignment: CTTextAlignment { .justified }
    @available(*, deprecated, renamed: "natural")
    public static var kCTNaturalTextAlignment: CTTextAlignment { .natural }
}
