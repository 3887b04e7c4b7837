"""The starter bank and the shipped templates, installed as package data."""
