"""A whole kit on disk: card files, kit parts, the print guide, staging and publishing the output
folder, rebuilding, --only proofs, and building and loading what ``check``'s proofreader judges.
"""
