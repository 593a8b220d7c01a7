# The gate's release archive for this machine, checked against the release's SHA256SUMS.
case "$(uname -s)-$(uname -m)" in
    Linux-x86_64) gate_platform=x86_64-unknown-linux-gnu ;;
    Darwin-*) gate_platform=universal-apple-macosx ;;
    *) echo "acceptance-gate: no release archive for $(uname -s) $(uname -m); build it from source" >&2 && exit 3 ;;
esac
gate_sha256() { if command -v sha256sum > /dev/null; then sha256sum "$@"; else shasum -a 256 "$@"; fi; }
gate_archive="acceptance-gate-$ACCEPTANCE_GATE_VERSION-$gate_platform.tar.gz"
gate_url="$ACCEPTANCE_GATE_REPO/releases/download/v$ACCEPTANCE_GATE_VERSION"
rm -rf "$gate_dir" && mkdir -p "$gate_dir"
curl -fsSL --retry 3 -o "$gate_dir/$gate_archive" "$gate_url/$gate_archive"
curl -fsSL --retry 3 -o "$gate_dir/SHA256SUMS" "$gate_url/SHA256SUMS"
(cd "$gate_dir" && grep " $gate_archive\$" SHA256SUMS | gate_sha256 -c -)
tar -xzf "$gate_dir/$gate_archive" -C "$gate_dir" --strip-components 1
