"""INCEPTUM: Dawn of Civilizations — rules, content and views."""
