/// Feeds written from the specifications (RSS 2.0, RSS 1.0, RSS 0.91, Atom 1.0 (RFC 4287),
/// Atom 0.3, JSON Feed 1.1) and from real feeds' quirks, for the feed plugin's tests.
enum FeedFixtures {
    static let rss20 = """
        <?xml version="1.0" encoding="UTF-8"?>
        <rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:content="http://purl.org/rss/1.0/modules/content/"
             xmlns:atom="http://www.w3.org/2005/Atom" xmlns:media="http://search.yahoo.com/mrss/">
        <channel>
          <title>Example &amp; News</title>
          <link>https://example.com/</link>
          <description>All the &lt;b&gt;news&lt;/b&gt;</description>
          <atom:link rel="self" href="https://example.com/feed.xml"/>
          <item>
            <title>First post</title>
            <link>https://example.com/first?a=1&amp;b=2</link>
            <guid isPermaLink="false">tag:example.com,2026:1</guid>
            <pubDate>Tue, 24 Nov 2026 10:00:00 +0000</pubDate>
            <description>&lt;p&gt;Hello &lt;b&gt;world&lt;/b&gt; &amp;amp; friends&lt;/p&gt;</description>
            <dc:creator>Ana</dc:creator>
            <category>news</category>
          </item>
          <item>
            <guid>https://example.com/second</guid>
            <pubDate>Wed, 25 Nov 26 09:30 EST</pubDate>
            <description><![CDATA[<p>Second <i>body</i></p><p>more</p>]]></description>
            <content:encoded><![CDATA[<p>Full second body</p>]]></content:encoded>
            <media:title>Second, by its media title</media:title>
            <author>bo@example.com (Bo)</author>
          </item>
        </channel>
        </rss>
        """

    static let rdf = """
        <?xml version="1.0"?>
        <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/"
                 xmlns:dc="http://purl.org/dc/elements/1.1/">
          <channel rdf:about="https://rdf.example/">
            <title>RDF Site</title>
            <link>https://rdf.example/</link>
            <description>An RSS 1.0 feed</description>
          </channel>
          <item rdf:about="https://rdf.example/a">
            <title>Item A</title>
            <link>https://rdf.example/a</link>
            <dc:date>2026-11-20T08:00:00+01:00</dc:date>
            <dc:creator>Cy</dc:creator>
            <dc:subject>rdf</dc:subject>
          </item>
        </rdf:RDF>
        """

    static let atom10 = """
        <?xml version="1.0" encoding="utf-8"?>
        <feed xmlns="http://www.w3.org/2005/Atom" xml:base="https://atom.example/blog/">
          <title type="html">Atom &lt;em&gt;Blog&lt;/em&gt;</title>
          <subtitle>Notes</subtitle>
          <link rel="alternate" href="/"/>
          <link rel="self" href="feed.atom"/>
          <link rel="next" href="feed.atom?page=2"/>
          <id>urn:uuid:60a76c80-d399-11d9-b93C-0003939e0af6</id>
          <updated>2026-11-26T09:00:00Z</updated>
          <entry>
            <title>Plain &amp; simple</title>
            <link href="posts/one"/>
            <link rel="enclosure" href="one.mp3"/>
            <id>urn:uuid:1</id>
            <updated>2026-11-26T09:00:00Z</updated>
            <published>2026-11-26T08:00:00.123-05:00</published>
            <author><name>Dee</name></author>
            <category term="swift" label="Swift"/>
            <summary type="text">Just text</summary>
            <content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml"><p>Rich <b>xhtml</b> content</p></div></content>
          </entry>
          <entry xml:base="https://other.example/x/">
            <title type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml">An <i>xhtml</i> title</div></title>
            <link rel="alternate" href="two"/>
            <id>urn:uuid:2</id>
            <updated>2026-11-25T09:00:00Z</updated>
            <content type="html">&lt;p&gt;Escaped &lt;b&gt;html&lt;/b&gt;&lt;/p&gt;</content>
          </entry>
        </feed>
        """

    static let atom03 = """
        <?xml version="1.0" encoding="utf-8"?>
        <feed version="0.3" xmlns="http://purl.org/atom/ns#">
          <title>Old Atom</title>
          <link rel="alternate" type="text/html" href="https://old.example/"/>
          <tagline>From 2004</tagline>
          <entry>
            <title>Old entry</title>
            <link rel="alternate" type="text/html" href="https://old.example/1"/>
            <id>tag:old.example,2004:1</id>
            <issued>2004-05-01T12:00:00Z</issued>
            <modified>2004-05-02T12:00:00Z</modified>
            <content type="text/html" mode="escaped">&lt;p&gt;Escaped mode&lt;/p&gt;</content>
          </entry>
        </feed>
        """

    static let jsonFeed = """
        {
          "version": "https://jsonfeed.org/version/1.1",
          "title": "JSON Blog",
          "home_page_url": "https://json.example/",
          "feed_url": "https://json.example/feed.json",
          "authors": [{"name": "Eve"}],
          "items": [
            {"id": "1", "url": "https://json.example/1", "title": "One", "content_html": "<p>First <b>one</b></p>",
             "date_published": "2026-11-21T10:00:00Z", "tags": ["a", "b"]},
            {"id": 2, "content_text": "A note with no title", "date_published": "2026-11-22T10:00:00+02:00"}
          ]
        }
        """

    /// RSS 0.91 as real feeds wrote it: Netscape's DOCTYPE (never fetched), HTML entities it
    /// declared, an unescaped `&` in a link.
    static let rss091 = """
        <?xml version="1.0" encoding="ISO-8859-1"?>
        <!DOCTYPE rss PUBLIC "-//Netscape Communications//DTD RSS 0.91//EN" "http://my.netscape.com/publish/formats/rss-0.91.dtd">
        <rss version="0.91">
        <channel>
        <title>Old&nbsp;News</title>
        <link>http://old.example/</link>
        <item><title>Cafe &mdash; open</title><link>http://old.example/?a=1&b=2</link></item>
        </channel>
        </rss>
        """

    /// A CDATA section cut off by the end of the body: the known trap for feed parsers.
    static let cutCDATA = """
        <rss version="2.0"><channel><title>Cut</title>
        <item><title>Whole</title><link>https://cut.example/1</link></item>
        <item><title>Cut short</title><description><![CDATA[<p>never ends
        """

    static let billionLaughs = """
        <?xml version="1.0"?>
        <!DOCTYPE rss [
          <!ENTITY lol "lol">
          <!ENTITY lol1 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
          <!ENTITY lol2 "&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;&lol1;">
          <!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">
          <!ENTITY lol4 "&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;&lol3;">
          <!ENTITY lol5 "&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;&lol4;">
          <!ENTITY lol6 "&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;&lol5;">
          <!ENTITY lol7 "&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;&lol6;">
          <!ENTITY lol8 "&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;&lol7;">
          <!ENTITY lol9 "&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;&lol8;">
        ]>
        <rss version="2.0"><channel><title>&lol9;</title><item><title>&lol9;</title></item></channel></rss>
        """

    /// An external entity that would read a local file, were entities ever expanded.
    static let externalEntity = """
        <?xml version="1.0"?>
        <!DOCTYPE rss [<!ENTITY secret SYSTEM "file:///etc/passwd">]>
        <rss version="2.0"><channel><title>&secret;</title></channel></rss>
        """

    static let empty = """
        <rss version="2.0"><channel><title>Quiet Feed</title><link>https://quiet.example/</link></channel></rss>
        """
}
