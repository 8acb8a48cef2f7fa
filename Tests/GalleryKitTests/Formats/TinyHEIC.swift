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
    static let bytes: [UInt8] = decode(lines)

    /// A 1,151-byte HEIC with premultiplied alpha (a `prem` reference from the image to its
    /// alpha plane), made the same way without rotation or metadata: 32 x 16, the left half
    /// (220, 30, 20) opaque, the right half stored as (20, 30, 110) at alpha 128, which is
    /// about (40, 60, 219) in straight alpha.
    static let premultiplied: [UInt8] = decode(premultipliedLines)

    private static func decode(_ lines: [String]) -> [UInt8] {
        Data(base64Encoded: lines.joined()).map { [UInt8]($0) } ?? []
    }

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

    private static let premultipliedLines = [
        "AAAAHGZ0eXBoZWljAAAAAG1pZjFoZWljbWlhZgAAAqJtZXRhAAAAAAAAACFoZGxyAAAAAAAAAABwaWN0AAAAAAAAAAAAAAAA",
        "AAAAAA5waXRtAAAAAAABAAAANGlsb2MAAAAAREAAAgABAAAAAALGAAEAAAAAAAAA4AACAAAAAAOmAAEAAAAAAAAA2QAAADhp",
        "aW5mAAAAAAACAAAAFWluZmUCAAAAAAEAAGh2YzEAAAAAFWluZmUCAAAAAAIAAGh2YzEAAAAB02lwcnAAAAGsaXBjbwAAAHZo",
        "dmNDAQNwAAAAAAAAAAAAHvAA/P34+AAADwMgAAEAGEABDAH//wNwAAADAJAAAAMAAAMAHroCQCEAAQAqQgEBA3AAAAMAkAAA",
        "AwAAAwAeoCCBBZbqrprm4EBAwIAAAAMAgAAAAwCEIgABAAZEAcFzwYkAAAAoY2xhcAAAACAAAAABAAAAEAAAAAH////gAAAA",
        "Av///9AAAAACAAAAFGlzcGUAAAAAAAAAIAAAABAAAAAQcGl4aQAAAAADCAgIAAAAcWh2Y0MBBAgAAAAAAAAAAAAe8AD8/Pj4",
        "AAAPAyAAAQAXQAEMAf//BAgAAAMAn/gAAAMAAB66AkAhAAEAJkIBAQQIAAADAJ/4AAADAAAewIIEFluqumubAgAAAwACAAAD",
        "AAIQIgABAAZEAcFzwYkAAAAoY2xhcAAAACAAAAABAAAAEAAAAAH////gAAAAAv///9AAAAACAAAAFGlzcGUAAAAAAAAAIAAA",
        "ABAAAAAOcGl4aQAAAAABCAAAACdhdXhDAAAAAHVybjptcGVnOmhldmM6MjAxNTphdXhpZDoxAAAAAB9pcG1hAAAAAAAAAAIA",
        "AQSBggOEAAIFhYYHiIkAAAAoaXJlZgAAAAAAAAAOYXV4bAACAAEAAQAAAA5wcmVtAAEAAQACAAABwW1kYXQAAADcKAGvCchz",
        "z93AOSNXf//SDh//U1+h/LHmK3/7WTvv0Ik//ufc/lOv9O7aROiWw6ZyxOaFS6a8MX2xFX/aF55hTXTboD03xNsjRSdHQo5q",
        "z0OsanoH5PqjuN9+WnJPPceOzUEk1L6ngfT0kZv65zG686OX8ahLL8HzKKJpzKbjEQ75cqH8/A1r+D+p+vALf9a1QzX1zGcM",
        "21F4aMemEI8kfcQ8iSqH3zSrmi3iMPuwfzj87ZnJnevO6VTaFXc85+BrX8H9T9eA3Mz/+U0mVY1v7ouBeVT61wFDOsa2hgAA",
        "ANUoAa4TkOOhPYBrhRmv/ubaUr/+qVnWTaAnOPT8AHmgVpdc8aO2gJeQf5OQPtxet/p01hVcEfjCRGIbmVCZG3/dZv+bcGMW",
        "iuxVbk/5qmawbq0s9IdXC03nv+OgB92bviJvcWPYL0IJy+Pl00RkuX/6DGVIzTxMc3kRxzA5Cxki/V/fhvUyE4vmMOibWNSH",
        "tNpoG0BJNw6UIiAMEk96HJ2flLE4hHCnlOL0Qh5n+pmymcq3vRpP598JrNKcl5cNJAXW+tBGxFpVyWBkHX8tefq2X90wNTA=",
    ]
}
