import Foundation

/// A 1,561-byte HEIC for the decoder tests (no HEIF encoder is reachable from Swift here).
///
/// Made with libheif 1.15.1's encoder (x265, quality 60) from a 32 x 16 RGBA picture: the left
/// half red (220, 30, 20) and opaque, the right half blue (20, 30, 220) at alpha 128, with
/// `FormatTestImages.iccProfile` as a `prof` colour profile and `FormatTestImages.exif`
/// (given with an `Exif\0\0` prefix) as its Exif item. Then an `irot` box with angle 1
/// (90 degrees anticlockwise) was added to `ipco` and associated with the image and its alpha
/// plane in `ipma` (sizes and `iloc` offsets fixed up by hand). Displayed, it is therefore
/// 16 x 32 with blue on top and red below, as ImageMagick and exiftool (Rotation 90) agree;
/// a decoder that ignored `irot` would return 32 x 16.
enum TinyHEIC {
    static let bytes: [UInt8] = {
        let base64 = lines.joined()
        return Data(base64Encoded: base64).map { [UInt8]($0) } ?? []
    }()

    private static let lines = [
        "AAAAHGZ0eXBoZWljAAAAAG1pZjFoZWljbWlhZgAABCVtZXRhAAAAAAAAACFoZGxyAAAAAAAAAABwaWN0AAAAAAAAAAAAAAAA",
        "AAAAAA5waXRtAAAAAAABAAAARmlsb2MAAAAAREAAAwABAAAAAAQ+AAEAAAALAAAA0wACAAAAAAURAAEAAAALAAAA2QADAAAA",
        "AAXqAAEAAAALAAAAJAAAAE1paW5mAAAAAAADAAAAFWluZmUCAAAAAAEAAGh2YzEAAAAAFWluZmUCAAAAAAIAAGh2YzEAAAAA",
        "FWluZmUCAAABAAMAAEV4aWYAAAADL2lwcnAAAAMFaXBjbwAAAHZodmNDAQNwAAAAAAAAAAAAHvAA/P34+AAADwMgAAEAGEAB",
        "DAH//wNwAAADAJAAAAMAAAMAHroCQCEAAQAqQgEBA3AAAAMAkAAAAwAAAwAeoCCBBZbqrprm4EBAwIAAAAMAgAAAAwCEIgAB",
        "AAZEAcFzwYkAAAAoY2xhcAAAACAAAAABAAAAEAAAAAH////gAAAAAv///9AAAAACAAAAFGlzcGUAAAAAAAAAIAAAABAAAAFQ",
        "Y29scnByb2YAAAFEAAAAAAIQAABtbnRyUkdCIFhZWiAH6gAMAAEAAAAAAABhY3NwAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
        "AAAAAAAA9tYAAQAAAADTLQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAANkZXNj",
        "AAAAqAAAAHB3dHB0AAABGAAAABRjcHJ0AAABLAAAABVkZXNjAAAAAAAAABZnYWxsZXJ5YyB0ZXN0IHByb2ZpbGUAAAAAAAAA",
        "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
        "WFlaIAAAAAAAAPbWAAEAAAAA0y10ZXh0AAAAAE5vIGNvcHlyaWdodAAAAAAAAAAQcGl4aQAAAAADCAgIAAAAcWh2Y0MBBAgA",
        "AAAAAAAAAAAe8AD8/Pj4AAAPAyAAAQAXQAEMAf//BAgAAAMAn/gAAAMAAB66AkAhAAEAJkIBAQQIAAADAJ/4AAADAAAewIIE",
        "FluqumubAgAAAwACAAADAAIQIgABAAZEAcFzwYkAAAAoY2xhcAAAACAAAAABAAAAEAAAAAH////gAAAAAv///9AAAAACAAAA",
        "FGlzcGUAAAAAAAAAIAAAABAAAAAOcGl4aQAAAAABCAAAACdhdXhDAAAAAHVybjptcGVnOmhldmM6MjAxNTphdXhpZDoxAAAA",
        "AAlpcm90AQAAACJpcG1hAAAAAAAAAAIAAQaBggOEhYsAAgaGhwiJiosAAAAoaXJlZgAAAAAAAAAOYXV4bAACAAEAAQAAAA5j",
        "ZHNjAAMAAQABAAAB2G1kYXQAAADPKAGvCchnvNo5I1d//9IOH/9TX6H8seYrf/kWI+/khM//vNA/lOv9yaouwidKsl2+OKFT",
        "RndAF3IAbvJDG15Hm24PmKEEXF2ZFRZidbSVW/sefMLJvGTxuiyVZ1y153xfRvqy4qgEtWXLjA7bpls45teMRoVBEe+81KBC",
        "JhtzgbWOD3S87Sa7USDhgP2847czs2CKtX+BJEa9R4CfIBZIUma6/9q+xxWXWNjs7tbw6gmwpJtpoDNRhiE+iJFFPxMlWmts",
        "5rGo7tSGmbK0TO9aAAAA1SgBrhOQ46E9gGuFGa/+5tpSv/6pWdZNoCc49PwAeaBWl1zxo7aAl5B/k5A+3F63+nTWFVwR+MJE",
        "YhuZUJkbf91m/5twYxaK7FVuT/mqZrBurSz0h1cLTee/46AH3Zu+Im9xY9gvQgnL4+XTRGS5f/oMZUjNPExzeRHHMDkLGSL9",
        "X9+G9TITi+Yw6JtY1Ie02mgbQEk3DpQiIAwST3ocnZ+UsTiEcKeU4vRCHmf6mbKZyre9Gk/n3wms0pyXlw0kBdb60EbEWlXJ",
        "YGQdfy15+rZf3TA1MAAAAAZFeGlmAABJSSoACAAAAAEAEgEDAAEAAAABAAAAAAAAAA==",
    ]
}
