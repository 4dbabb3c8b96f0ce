"""The RDF namespaces bengal reads and writes, in one place."""

from __future__ import annotations

__all__ = ["RDF", "RDFS", "OWL", "XSD", "SKOS", "FOAF", "DBO", "DBR", "DBT", "NIF", "ITSRDF", "RDF_TYPE"]

RDF = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"
RDFS = "http://www.w3.org/2000/01/rdf-schema#"
OWL = "http://www.w3.org/2002/07/owl#"
XSD = "http://www.w3.org/2001/XMLSchema#"
SKOS = "http://www.w3.org/2004/02/skos/core#"
FOAF = "http://xmlns.com/foaf/0.1/"
#: DBpedia ontology (classes and properties), resources (entities), datatypes.
DBO = "http://dbpedia.org/ontology/"
DBR = "http://dbpedia.org/resource/"
DBT = "http://dbpedia.org/datatype/"
#: NIF 2.0 Core and the ITS 2.0 RDF vocabulary (GERBIL's corpus format).
NIF = "http://persistence.uni-leipzig.org/nlp2rdf/ontologies/nif-core#"
ITSRDF = "http://www.w3.org/2005/11/its/rdf#"

RDF_TYPE = RDF + "type"
